package jdbcpoollab.report;

import jdbcpoollab.analysis.FidelityRow;

import java.util.List;

import static jdbcpoollab.analysis.FidelityRow.us;
import static jdbcpoollab.analysis.NumberText.fixedOrNa;

/** The fidelity benchmark's table, one row per pool size, and the note that explains it. */
public final class FidelityTable {
   public static final String NOTE = "lab/raw and efficiency (lab / ceiling) compare throughputs; the ceiling is "
         + "min(pool, users) / S1. Overhead is the lab's time between two operations of a user (event-loop hand-off "
         + "and Gatling's loop), raw gap the same for plain threads. The plugin's throughput is the connections its "
         + "pool got back inside its window (a HikariCP metrics tracker); returns/ok checks that count against the "
         + "lab's own recorder on the lab's pool. Targets: lab/raw >= " + FidelityRow.LAB_RAW_MIN
         + ", efficiency >= " + FidelityRow.EFFICIENCY_MIN + " for pools up to " + FidelityRow.EFFICIENCY_POOLS_UP_TO
         + ", overhead p50 < " + (int) FidelityRow.OVERHEAD_P50_MAX_US + " µs.";

   private static final List<String> COLUMNS = List.of("pool", "S1 ms", "ceiling q/s", "lab q/s", "raw q/s",
         "plugin q/s", "lab/raw", "lab/plugin", "efficiency", "overhead p50 µs", "overhead p99 µs", "raw gap p50 µs",
         "returns/ok", "CPU µs/op lab/raw/plugin", "targets missed");

   private FidelityTable() {
   }

   public static Table of(List<FidelityRow> rows) {
      Table table = new Table(COLUMNS);
      for (FidelityRow r : rows) {
         table.add(List.of(Integer.toString(r.pool()), fixedOrNa(r.s1Ms(), 3), fixedOrNa(r.ceiling(), 1),
               fixedOrNa(r.lab().throughput(), 1), fixedOrNa(r.raw().throughput(), 1),
               fixedOrNa(r.pluginThroughput(), 1), fixedOrNa(r.labOverRaw(), 3), fixedOrNa(r.labOverPlugin(), 3),
               fixedOrNa(r.efficiency(), 3), fixedOrNa(us(r.labGaps().p50()), 0),
               fixedOrNa(us(r.labGaps().p99()), 0), fixedOrNa(us(r.rawGaps().p50()), 0),
               fixedOrNa(r.returnsOverOk(), 4),
               fixedOrNa(r.cpu().lab(), 0) + "/" + fixedOrNa(r.cpu().raw(), 0) + "/" + fixedOrNa(r.cpu().plugin(), 0),
               r.missed().isEmpty() ? "none" : String.join("; ", r.missed())));
      }
      return table;
   }
}
