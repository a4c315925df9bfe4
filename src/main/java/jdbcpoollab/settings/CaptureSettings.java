package jdbcpoollab.settings;

/**
 * What a Capture run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param product the product of the server captured ({@code mysql} for MySQL and MariaDB, {@code postgresql})
 * @param seconds how long the statement log was read
 * @param log     where the statements came from: MySQL's general log table, or PostgreSQL's server log file
 */
public record CaptureSettings(String product, double seconds, String log) implements RunSettings {
}
