package jdbcpoollab.run;

import org.junit.jupiter.api.Test;

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
}
