package jdbcpoollab.report;

import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.GateVerdict;
import jdbcpoollab.analysis.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Gate results as tables: every gate of every step, and the comparison with a baseline run. */
public final class GateTables {

   private GateTables() {
   }

   /** One row per gate and step. */
   public static Table gates(List<GateResult> results) {
      Table table = new Table(List.of("step", "gate", "measured", "allowed", "result"));
      for (GateResult r : results) {
         table.add(List.of(r.step(), r.gate(), NumberText.trimmed(r.measured()), r.allowed(),
               r.verdict().word()));
      }
      return table;
   }

   /**
    * One row per step compared with the baseline: throughput and total P99, before and now, the step's verdict (FAIL
    * when a measure regressed, inconclusive when one could not tell, else held) and the 95% intervals of the changes.
    */
   public static Table baselineDiff(List<GateResult> results) {
      Map<String, GateResult[]> byStep = new LinkedHashMap<>();
      for (GateResult r : results) {
         int column = r.gate().equals(Baseline.THROUGHPUT) ? 0 : r.gate().equals(Baseline.P99_TOTAL) ? 1 : -1;
         if (column >= 0) {
            byStep.computeIfAbsent(r.step(), s -> new GateResult[2])[column] = r;
         }
      }
      Table table = new Table(List.of("step", "q/s baseline", "q/s now", "q/s change", "total p99 baseline",
            "total p99 now", "total p99 change", "result", "95% intervals of the changes"));
      byStep.forEach((step, pair) -> {
         List<String> row = new ArrayList<>(List.of(step));
         List<String> intervals = new ArrayList<>();
         GateVerdict verdict = null;
         for (GateResult r : pair) {
            if (r == null) {
               row.addAll(List.of("", "", ""));
            } else {
               row.addAll(List.of(NumberText.trimmed(r.reference()), NumberText.trimmed(r.measured()),
                     NumberText.signedPercent(r.changePct())));
               verdict = worse(verdict, r.verdict());
               String interval = r.changeInterval();
               intervals.add((r.gate().equals(Baseline.THROUGHPUT) ? "q/s " : "p99 ")
                     + (interval.isEmpty() ? "unknown" : interval));
            }
         }
         row.add(verdict == null ? "" : verdict.word());
         row.add(String.join("; ", intervals));
         table.add(row);
      });
      return table;
   }

   /** The step's verdict from its measures': a regression, else an open question, else held (or passed). */
   private static GateVerdict worse(GateVerdict a, GateVerdict b) {
      return a == null ? b : !a.passes() ? a : !b.passes() ? b : a == GateVerdict.INCONCLUSIVE ? a : b;
   }
}
