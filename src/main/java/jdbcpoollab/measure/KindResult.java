package jdbcpoollab.measure;

/** One kind of operation of a mixed step, inside the step's window: counts and times as {@link StepResult} has. */
public record KindResult(String kind, long ok, long ko, Timing acquire, Timing query, Timing total) {
}
