package jdbcpoollab.run;

import jdbcpoollab.analysis.Gate;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import jdbcpoollab.runoptions.GateOptions;

/**
 * The gates' entries of summary.json are the JSON the lab wrote before they went through records (kept under
 * src/test/resources/summaries), and each verdict reads back as it was checked.
 */
class RunGatesJsonTest {

   private static StepResult step(int pool, double throughput, double totalP99) {
      Timing acquire = new Timing(1000, 0.4, 0.1, 0.9, 2.5, 12.0);
      Timing total = new Timing(1000, 5.6, 5.4, 6.1, totalP99, totalP99 + 4);
      long ok = Math.round(throughput * 5);
      return new StepResult(StepId.of("wait", pool), new StepCounts(64, 5, ok, 3, 0, throughput),
            new StepTimes(acquire, total, total), new StepOutcome(UserSpread.of(new long[] {ok / 2, ok - ok / 2}),
            Map.of("timeout", 3L), true), new StepResources(null, Double.NaN, DatabaseActivity.NONE,
            ClientCpu.UNKNOWN), StepChecks.NONE, StepRuntime.NONE);
   }

   @Test
   void theGatesVerdictsAreWrittenAsBeforeAndReadBack() throws IOException {
      RunGates gates = new RunGates(new GateOptions(List.of(Gate.p99TotalMs(250), Gate.minThroughput(700)), null));
      StepResult slow = step(8, 690.4, 12.75);
      StepResult fast = step(16, 1420.8, 312.5);
      List<GateResult> checked = new ArrayList<>(gates.check(slow));
      checked.addAll(gates.check(fast));
      Map<String, Object> summary = new LinkedHashMap<>();
      gates.addTo(summary);
      assertEquals(Files.readString(Path.of("src/test/resources/summaries/gates.json")), Json.toJson(summary));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> written = (List<Map<String, Object>>) summary.get("gates");
      assertEquals(checked, written.stream().map(m -> GateResult.fromMap(m, 1)).toList());
   }

   @Test
   void theBaselineIsWrittenAsItsFileThenItsTolerance() {
      assertEquals("{\n  \"file\" : \"results/run-1/summary.json\",\n  \"tolerancePct\" : 5.0\n}\n",
            Json.toJson(new RunGates.BaselineFile("results/run-1/summary.json", 5.0)));
      Map<String, Object> none = new LinkedHashMap<>();
      new RunGates(new GateOptions(List.of(), null)).addTo(none);
      assertEquals(Map.of(), none, "a run without gates or a baseline writes neither");
   }
}
