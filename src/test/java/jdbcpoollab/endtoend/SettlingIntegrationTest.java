package jdbcpoollab.endtoend;

import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Short real sweeps on the embedded MariaDB whose last steps are chosen as they run: settling the answer after the
 * planned pass, and -Dpools=auto's search for the pool sizes.
 */
class SettlingIntegrationTest {

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> answers(GatlingRun.Result run) {
      return (List<Map<String, Object>>) run.summary().get("answers");
   }

   private static int number(Map<String, Object> m, String key) {
      return ((Number) m.get(key)).intValue();
   }

   @Test
   void settlingMeasuresAgainOnlyTheDecidingPoolsAndStopsWhenDecidedOrOutOfTime() {
      // twenty users on pools 19 and 20: by Little's law pool 19 serves 19 / 50 ms, 95% of pool 20's 20 / 50 ms, on
      // the rule's own line, so one pass each cannot tell whether it is within 95% of the best; the plan needs
      // settling, which measures them again. 1.5 s of warm-up and window per step: 6 s of settling is at most 4 steps
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait", "pools", "19,20", "users",
            "20", "seconds", "1", "warmup", "0.5", "settle.seconds", "6", "sleepMs", "50"), false);
      assertEquals(0, run.exitCode(), run.console());
      List<Map<String, Object>> steps = run.steps();
      List<Map<String, Object>> again = steps.subList(2, steps.size());
      assertFalse(again.isEmpty(), "the plan needs settling: a settling step ran: " + run.console());
      assertTrue(again.size() <= 4, "within settling's time: " + again);
      Map<String, Object> answer = answers(run).get(0);
      assertEquals("wait", answer.get("workload"));
      boolean settled = (Boolean) answer.get("settled");
      assertTrue(settled || again.size() == 4, "only the time stops an answer not decided: " + answer);
      again.forEach(s -> assertTrue(number(s, "repetition") >= 2, "a step measured again is a later pass: " + s));
      again.forEach(s -> assertTrue(List.of(19, 20).contains(number(s, "pool")), "a deciding pool: " + s));
      int passes = steps.stream().mapToInt(s -> number(s, "repetition")).max().orElseThrow();
      assertEquals(passes, number(answer, "passes"), "summary.json's passes are its steps': " + answer);
      for (int pool : List.of(19, 20)) {
         assertEquals(steps.stream().filter(s -> number(s, "pool") == pool).count(),
               steps.stream().filter(s -> number(s, "pool") == pool).mapToInt(s -> number(s, "repetition")).max()
                     .orElseThrow(), "one step per pass of pool " + pool);
      }
      assertTrue(run.console().contains("wait: settling (1 of at most 4), pool " + number(again.get(0), "pool")
            + " again"), "the first settling step said so: " + run.console());
      if (settled) {
         assertTrue(List.of(19, 20).contains(number(answer, "pool")), answer.toString());
         assertEquals(List.of(), answer.get("candidates"));
         assertTrue(run.console().contains("settled: pool " + number(answer, "pool")), run.console());
      } else {
         assertTrue(run.console().contains("not settled: pool"), "the pools open, or the one pool: " + run.console());
      }
   }

   @Test
   @SuppressWarnings("unchecked")
   void anAutoSweepDoublesThenBisectsAndSaysWhyItStopped() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait,cpu", "pools", "auto",
            "users", "8", "seconds", "1", "warmup", "0.5", "settle.seconds", "0"), false);
      assertEquals(0, run.exitCode(), run.console());
      String page = Files.readString(new SweepSummary(null).page(run.folder(), null).orElseThrow());
      for (Map<String, Object> answer : answers(run)) {
         String workload = (String) answer.get("workload");
         Map<String, Object> search = (Map<String, Object>) answer.get("search");
         List<Integer> tried = ((List<Number>) search.get("tried")).stream().map(Number::intValue).toList();
         assertEquals(run.steps().stream().filter(s -> workload.equals(s.get("workload")))
               .map(s -> number(s, "pool")).toList(), tried, "every size tried, once, in the order it ran");
         assertEquals(1, tried.get(0), tried.toString());
         int doubled = 1;
         while (doubled < tried.size() && tried.get(doubled) == Math.min(2 * tried.get(doubled - 1), 8)) {
            doubled++;
         }
         // with room in the database after a doubling in proportion, the search goes to the users' pool at once
         boolean jumped = doubled < tried.size() && tried.get(doubled) == 8;
         List<Integer> before = new ArrayList<>(tried.subList(0, jumped ? doubled + 1 : doubled));
         for (int pool : tried.subList(before.size(), tried.size())) {
            assertTrue(before.stream().anyMatch(p -> p < pool) && before.stream().anyMatch(p -> p > pool),
                  "after the doubling each size lies between two tried before it: " + tried);
            before.add(pool);
         }
         assertFalse(search.get("stopped") == null, "the search ended: " + search);
         assertTrue(run.console().contains(workload + ": searching, pool 1 next (tried none yet)"), run.console());
         String line = "pools tried, in order: " + String.join(", ", tried.stream().map(String::valueOf).toList());
         assertTrue(run.console().contains(line), run.console());
         assertTrue(page.contains(line), "the page's answer box too");
         if (workload.equals("wait")) {
            assertTrue(tried.equals(List.of(1, 2, 4, 8)) || tried.subList(0, 3).equals(List.of(1, 2, 8)),
                  "the wait workload rises at every doubling, or in proportion to pool 2 and on to the users: "
                        + tried);
            assertEquals("users", search.get("stopped"));
            assertEquals(8, number(answer, "pool"));
         }
      }
      assertEquals(2, answers(run).size());
   }
}
