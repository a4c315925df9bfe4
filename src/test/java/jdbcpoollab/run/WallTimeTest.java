package jdbcpoollab.run;

import jdbcpoollab.files.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WallTimeTest {

   @Test
   void aStepThatNeverReachedItsWindowCountsOnlyTheWarmUpItRan() {
      WallTime wall = new WallTime();
      wall.stepStarted(0);
      wall.stepFinished(0, 5);
      Map<String, Object> m = wall.toMap();
      double warmup = ((Number) m.get("warmupSeconds")).doubleValue();
      assertTrue(warmup < 1, "not the 5 s planned: " + m);
      assertEquals(0.0, m.get("measuredSeconds"));
      m.forEach((part, value) -> assertTrue(((Number) value).doubleValue() >= 0, part + " = " + value));
   }

   @Test
   void aStepWithAWindowCountsItsWholeWarmUp() throws InterruptedException {
      WallTime wall = new WallTime();
      wall.stepStarted(0);
      Thread.sleep(30);
      wall.stepFinished(0.01, 0.015);
      Map<String, Object> m = wall.toMap();
      assertEquals(0.015, m.get("warmupSeconds"));
      assertEquals(0.01, m.get("measuredSeconds"));
      assertTrue(((Number) m.get("afterWindows")).doubleValue() >= 0.004, m.toString());
   }

   @Test
   void summaryJsonHoldsThePartsTheDocsNameAndReadsBackEqual() {
      WallTime.Spent spent = new WallTime.Spent(12.5, 10.0, 1.0, 1.25, 1.15, 0.75, 0.25, 0.375, 0.125, 0.004);
      Map<String, Object> written = Json.toMap(spent);
      assertEquals(List.of("seconds", "measuredSeconds", "warmupSeconds", "ratio", "ratioWithoutWarmup",
            "beforeFirstStep", "poolFill", "afterWindows", "betweenSteps", "afterLastStep"),
            List.copyOf(written.keySet()));
      assertEquals(spent, Json.as(written, WallTime.Spent.class));
      assertEquals(0.667, Json.toMap(new WallTime.Spent(2.0, 3.0, 0, 2.0 / 3, 2.0 / 3, 0, 0, 0, 0, 0))
            .get("ratio"), "to the millisecond");
      assertEquals("wall time 12.5 s for 10.0 s measured (2 steps): 1.25x, 1.15x not counting 1.0 s of warm-up; 0.8 s"
            + " before the first step, 0.3 s filling pools, 0.4 s after the windows until each step closed, 0.1 s"
            + " between steps, 0.0 s after the last", WallTime.line(written, 2));
   }
}
