package jdbcpoollab.load;

/**
 * One operation as Gatling's report should show it.
 *
 * @param error normalised failure message, or null when it succeeded
 */
public record Outcome(String requestName, long startMillis, long endMillis, String error) {
}
