package jdbcpoollab.endtoend;

import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gates and baselines on real short sweeps of four steps (a baseline comparison of one pass per step takes its
 * noise from the spread of the changes over the steps, so it needs several). A pool of P connections running
 * SLEEP(s) cannot serve more than P / s operations per second (Little's law), so the outcomes below do not depend
 * on the machine's speed:
 * <ol>
 *    <li>slow (20 ms): a minimum throughput of 1000 ops/s fails at every step, the other gates pass; Gatling exits 2;</li>
 *    <li>fast (2 ms), against the slow run as baseline: faster and shorter, every gate passes, the throughput held;
 *    the run exits 0, or 4 when a total P99 was too noisy to tell;</li>
 *    <li>slow again, against the fast run as baseline: throughput drops far beyond 20 %; Gatling exits 2.</li>
 * </ol>
 */
class GatesIntegrationTest {
   private static final Map<String, String> SWEEP = Map.of("pools", "1,2,4,8", "users", "8", "seconds", "1",
         "warmup", "0.2", "workloads", "wait");
   private static GatlingRun.Result slow;
   private static GatlingRun.Result fast;
   private static GatlingRun.Result regressed;

   @BeforeAll
   static void runThreeSweeps() {
      slow = GatlingRun.run(PoolSweep.class, options("sleepMs", "20", "assert.minThroughput", "1000",
            "assert.maxKoPercent", "0", "assert.p99TotalMs", "60000"), false);
      fast = GatlingRun.run(PoolSweep.class, options("sleepMs", "2", "assert.maxKoPercent", "0",
            "assert.minThroughput", "20", "baseline", baseline(slow)), false);
      regressed = GatlingRun.run(PoolSweep.class, options("sleepMs", "20", "baseline", baseline(fast)), false);
   }

   @Test
   void aFailedGateMakesGatlingExitWithTwoAndTheOthersStillPass() {
      assertEquals(2, slow.exitCode());
      assertEquals("complete", slow.summary().get("state"), "a failed gate does not cut the run short");
      List<Map<String, Object>> gates = gates(slow);
      assertEquals(12, gates.size(), gates.toString());
      for (Map<String, Object> gate : gates) {
         boolean throughputGate = gate.get("gate").equals("minThroughput");
         assertEquals(!throughputGate, gate.get("passed"), gate.toString());
      }
      Map<String, Object> pool4 = gate(slow, "minThroughput", 4);
      double measured = ((Number) pool4.get("measured")).doubleValue();
      assertEquals(WaitSweepContract.number(slow.step("wait", 4), "throughput"), measured, 0.05,
            "the gate reads the lab's throughput of the step");
      assertTrue(measured > 0 && measured <= 4 / 0.020 * 1.05, "pool 4 × SLEEP(0.02) measured " + measured);
   }

   @Test
   void consoleAndSummaryListEveryGateWithItsValueAndVerdict() throws IOException {
      String md = Files.readString(slow.folder().resolve("summary.md"));
      Map<String, Object> pool1 = gate(slow, "minThroughput", 1);
      String value = NumberText.trimmed(((Number) pool1.get("measured")).doubleValue());
      assertTrue(md.contains("| wait pool=1 | minThroughput | " + value + " | ≥ 1000 | FAIL |"), md);
      assertTrue(md.contains("| wait pool=4 | maxKoPercent | 0 | ≤ 0 | pass |"), md);
      assertTrue(md.contains("| wait pool=1 | p99TotalMs |"), md);
      String console = slow.console();
      assertTrue(console.contains("gate FAILED: wait pool=1: minThroughput " + value + " < 1000"), console);
      assertTrue(console.matches("(?s).*wait pool=4\\s+maxKoPercent\\s+0\\s+≤ 0\\s+pass.*"), console);
      assertTrue(console.contains("gates: 4 of 12 checks FAILED"), console);
   }

   @Test
   void aFasterRunPassesItsBaselineAndItsGates() {
      List<Map<String, Object>> gates = gates(fast);
      // ten times the throughput is held at any noise; a total P99 on a busy machine can be too noisy to tell (4)
      boolean open = gates.stream().anyMatch(g -> "inconclusive".equals(g.get("verdict")));
      assertEquals(open ? 4 : 0, fast.exitCode(), gates.toString());
      assertTrue(gates.stream().filter(g -> "baselineThroughput".equals(g.get("gate")))
            .allMatch(g -> "held".equals(g.get("verdict"))), gates.toString());
      assertEquals(16, gates.size(), "2 limits and 2 baseline gates for each of 4 steps: " + gates);
      assertTrue(gates.stream().allMatch(g -> Boolean.TRUE.equals(g.get("passed"))), gates.toString());
      Map<String, Object> throughput = gate(fast, "baselineThroughput", 1);
      assertEquals(WaitSweepContract.number(slow.step("wait", 1), "throughput"),
            ((Number) throughput.get("baseline")).doubleValue(), 1e-9);
      // SLEEP(0.002) against SLEEP(0.02): Little's law allows pool / 2 ms against pool / 20 ms, ten times; a fast
      // step loses some of it to the round trip and a busy machine, but at pools 1 and 2 it stays several times faster
      for (int pool : new int[] {1, 2}) {
         Map<String, Object> gate = gate(fast, "baselineThroughput", pool);
         double change = ((Number) gate.get("changePct")).doubleValue();
         double measured = WaitSweepContract.number(fast.step("wait", pool), "throughput")
               / WaitSweepContract.number(slow.step("wait", pool), "throughput");
         assertEquals(100 * (measured - 1), change, 0.5, "the change is the two runs' ratio: " + gate);
         assertTrue(change >= 200, "at least three times the baseline's throughput: " + gate);
      }
   }

   @Test
   void aSlowerRunFailsItsBaselineAndTheSummaryShowsTheDiff() throws IOException {
      assertEquals(2, regressed.exitCode());
      for (int pool : new int[] {1, 4}) {
         Map<String, Object> throughput = gate(regressed, "baselineThroughput", pool);
         assertEquals(false, throughput.get("passed"), throughput.toString());
         assertTrue(((Number) throughput.get("changePct")).doubleValue() < -20, throughput.toString());
      }
      String md = Files.readString(regressed.folder().resolve("summary.md"));
      assertTrue(md.contains("## Baseline"), md);
      assertTrue(md.matches("(?s).*\\| wait pool=1 \\| [0-9.]+ \\| [0-9.]+ \\| -[0-9.]+% \\|.*\\| FAIL \\|.*"), md);
      assertFalse(md.contains("minThroughput"), "only the baseline was asked for");
      String page = Files.readString(regressed.folder().resolve("index.html"));
      assertTrue(page.contains("Against the baseline"), "the report page shows the diff too");
      assertTrue(page.matches("(?s).*<td[^>]*>wait pool=1</td>.*<td[^>]*>-[0-9.]+%</td>.*<td[^>]*>FAIL</td>.*"),
            "the page's diff row of pool 1 shows the drop and the failure");
   }

   private static Map<String, String> options(String... pairs) {
      Map<String, String> options = new HashMap<>(SWEEP);
      for (int i = 0; i < pairs.length; i += 2) {
         options.put(pairs[i], pairs[i + 1]);
      }
      return options;
   }

   private static String baseline(GatlingRun.Result run) {
      return run.folder().resolve("summary.json").toString();
   }

   @SuppressWarnings("unchecked")
   static List<Map<String, Object>> gates(GatlingRun.Result run) {
      return (List<Map<String, Object>>) run.summary().get("gates");
   }

   static Map<String, Object> gate(GatlingRun.Result run, String name, int pool) {
      return gates(run).stream().filter(g -> name.equals(g.get("gate")) && ((Number) g.get("pool")).intValue() == pool)
            .findFirst().orElseThrow(() -> new AssertionError("no gate " + name + " for pool " + pool));
   }
}
