package jdbcpoollab.measure;

/** One sampling interval of a step: operations completed and the P99 of the acquire waits in ms (NaN without any). */
public record Interval(long completed, double acquireP99Ms) {
}
