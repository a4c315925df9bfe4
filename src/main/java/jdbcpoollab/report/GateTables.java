package jdbcpoollab.report;

import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.GateResult;
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
         table.add(List.of(r.step(), r.gate(), NumberText.trimmed(r.measured()), r.allowed(), r.passed() ? "pass" : "FAIL"));
      }
      return table;
   }

   /** One row per step compared with the baseline: throughput and total P99, before and now. */
   public static Table baselineDiff(List<GateResult> results) {
      Map<String, GateResult[]> byStep = new LinkedHashMap<>();
      for (GateResult r : results) {
         int column = r.gate().equals(Baseline.THROUGHPUT) ? 0 : r.gate().equals(Baseline.P99_TOTAL) ? 1 : -1;
         if (column >= 0) {
            byStep.computeIfAbsent(r.step(), s -> new GateResult[2])[column] = r;
         }
      }
      Table table = new Table(List.of("step", "q/s baseline", "q/s now", "q/s change", "total p99 baseline",
            "total p99 now", "total p99 change", "result"));
      byStep.forEach((step, pair) -> {
         List<String> row = new ArrayList<>(List.of(step));
         boolean passed = true;
         for (GateResult r : pair) {
            if (r == null) {
               row.addAll(List.of("", "", ""));
            } else {
               row.addAll(List.of(NumberText.trimmed(r.reference()), NumberText.trimmed(r.measured()),
                     NumberText.signedPercent(r.changePct())));
               passed &= r.passed();
            }
         }
         row.add(passed ? "pass" : "FAIL");
         table.add(row);
      });
      return table;
   }
}
