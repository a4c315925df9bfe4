package jdbcpoollab.report;

import jdbcpoollab.analysis.FidelityMedian;

import java.util.ArrayList;
import java.util.List;

import static jdbcpoollab.analysis.NumberText.fixedOrNa;

/** The fidelity benchmark's table, one row per workload and pool size, and the note that explains it. */
public final class FidelityTable {
   public static final String NOTE = "Each number is the median of the rounds (the plugin and S1 run in the "
         + "first round only; the plugin "
         + "not at all for a statement with bind parameters, such as point's, which its plain query cannot "
         + "bind). raw is the reference: plain threads with their own loop and HdrHistograms, sharing with the "
         + "lab only the pool library and the statements and their bound records. lab/raw and efficiency (lab / "
         + "ceiling) compare throughputs; lab/raw rounds is the lowest and highest round's ratio, the machine's "
         + "spread as much as the lab's; the ceiling is min(pool, users) / S1. Acquire P99 and Jain's index "
         + "compare the lab's users with the plain threads on the same pool. Overhead is the lab's time between "
         + "two operations of a user on its own thread (the window test, the recorder and keeping the response "
         + "for Gatling), raw gap the same for the reference's threads. Lab extra CPU and wall µs/op are the "
         + "lab's cost per operation beyond the reference's: this JVM's CPU in the window / operations, and the "
         + "window / operations, lab less raw (medians of the rounds' differences). The plugin's throughput is "
         + "the connections its pool got back inside its window (a HikariCP metrics tracker); returns/ok checks "
         + "that count against the lab's own recorder on the lab's pool. With -Dtwin=true the reference runs twice a "
         + "round, and twin/raw, its second run against its first, is the machine's own spread: the yardstick for "
         + "lab/raw. Targets: lab/raw >= "
         + FidelityMedian.LAB_RAW_MIN + "; for pools up to "
         + FidelityMedian.TAIL_POOLS_UP_TO + " below the users, acquire P99 lab/raw within 1 ± "
         + FidelityMedian.P99_WITHIN + " and Jain's index within ± " + FidelityMedian.JAIN_WITHIN + "; efficiency >= "
         + FidelityMedian.EFFICIENCY_MIN + " for the " + FidelityMedian.SLEEPING + " workload at pools up to "
         + FidelityMedian.TAIL_POOLS_UP_TO + "; overhead p50 <= " + (int) FidelityMedian.OVERHEAD_P50_MAX_US + " µs.";

   private static final List<String> COLUMNS = List.of("workload", "pool", "S1 ms", "ceiling q/s", "lab q/s",
         "raw q/s", "plugin q/s", "lab/raw", "lab/raw rounds", "lab/plugin", "efficiency", "acquire P99 ms lab/raw",
         "Jain lab/raw", "overhead p50 µs", "overhead p99 µs", "raw gap p50 µs", "returns/ok",
         "CPU µs/op lab/raw/plugin", "lab extra CPU µs/op", "lab extra wall µs/op", "targets missed");
   /** Where the twin columns go, after lab/raw's: only in a run whose reference ran twice a round. */
   private static final int TWIN_AT = COLUMNS.indexOf("lab/raw rounds") + 1;

   private FidelityTable() {
   }

   public static Table of(List<FidelityMedian> rows) {
      boolean twins = rows.stream().anyMatch(r -> Double.isFinite(r.twinOverRaw()));
      Table table = new Table(twins ? withTwin(COLUMNS, "twin/raw", "twin/raw rounds") : COLUMNS);
      for (FidelityMedian r : rows) {
         List<String> cells = List.of(r.workload(), Integer.toString(r.pool()), fixedOrNa(r.s1Ms(), 3),
               fixedOrNa(r.ceiling(), 1), fixedOrNa(r.lab(), 1), fixedOrNa(r.raw(), 1), fixedOrNa(r.plugin(), 1),
               fixedOrNa(r.labOverRaw(), 3), fixedOrNa(r.labOverRawLow(), 3) + "-" + fixedOrNa(r.labOverRawHigh(), 3),
               fixedOrNa(r.labOverPlugin(), 3), fixedOrNa(r.efficiency(), 3),
               fixedOrNa(r.labAcquireP99(), 1) + "/" + fixedOrNa(r.rawAcquireP99(), 1),
               fixedOrNa(r.labJain(), 3) + "/" + fixedOrNa(r.rawJain(), 3),
               fixedOrNa(r.overheadP50Us(), 1), fixedOrNa(r.overheadP99Us(), 0), fixedOrNa(r.rawGapP50Us(), 1),
               fixedOrNa(r.returnsOverOk(), 4),
               fixedOrNa(r.cpu().lab(), 0) + "/" + fixedOrNa(r.cpu().raw(), 0) + "/" + fixedOrNa(r.cpu().plugin(), 0),
               fixedOrNa(r.extraCpuUs(), 1), fixedOrNa(r.extraWallUs(), 2),
               r.missed().isEmpty() ? "none" : String.join("; ", r.missed()));
         table.add(twins ? withTwin(cells, fixedOrNa(r.twinOverRaw(), 3),
               fixedOrNa(r.twinOverRawLow(), 3) + "-" + fixedOrNa(r.twinOverRawHigh(), 3)) : cells);
      }
      return table;
   }

   private static List<String> withTwin(List<String> row, String median, String rounds) {
      List<String> with = new ArrayList<>(row);
      with.addAll(TWIN_AT, List.of(median, rounds));
      return with;
   }
}
