package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * What a CpoolCompare run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param options        each option as written, such as {@code hikari:32:70:3} or {@code none}
 * @param baselineOption the option the others are compared with
 * @param cincr          what became of the reference experiment's growth step
 * @param rttMs          the network round trip a proxy added between the sources and the database, 0 for none
 * @param serverOptions  server variables given to the embedded MariaDB
 * @param threads        what each user's operations ran on when not platform threads ({@code virtual}), else null
 */
public record CpoolCompareSettings(List<String> options, String baselineOption, int users, int ops, int repeat,
                              String workload, int workRows, int connectionTimeoutMs, String cincr, int rttMs,
                              Map<String, String> serverOptions,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String threads) implements RunSettings {
}
