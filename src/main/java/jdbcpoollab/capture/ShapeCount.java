package jdbcpoollab.capture;

/** How many captured statements had one shape, and their share of all the application's statements. */
public record ShapeCount(String shape, int count, double share) {
}
