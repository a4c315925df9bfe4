package jdbcpoollab.engines;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ArrivalWarmupTest {

   @Test
   void theWarmUpRunsInTwoPhasesOfWholeSecondsTheSecondAThird() {
      assertEquals(List.of(10L, 5L), ArrivalWarmup.phases(15));
      assertEquals(List.of(7L, 3L), ArrivalWarmup.phases(9.5));
      assertEquals(List.of(1L, 1L), ArrivalWarmup.phases(2));
      assertEquals(List.of(1L), ArrivalWarmup.phases(0.4), "under two seconds, one phase");
      assertEquals("jvm warm-up 2", ArrivalWarmup.name(2, 2));
      assertEquals("jvm warm-up", ArrivalWarmup.name(1, 1));
   }

   @Test
   void aPlanMakesEachPhaseByNameAndLengthAndNoneWithoutAStepOrSeconds() {
      List<String> made = new ArrayList<>();
      assertEquals(2, ArrivalWarmup.plan(List.of("first step"), 15, (name, during) -> {
         made.add(name + " " + during.toSeconds());
         return null;
      }).size());
      assertEquals(List.of("jvm warm-up 1 10", "jvm warm-up 2 5"), made);
      made.clear();
      ArrivalWarmup.plan(List.of(), 15, (name, during) -> noted(made, name, during));
      ArrivalWarmup.plan(List.of("first step"), 0, (name, during) -> noted(made, name, during));
      assertEquals(List.of(), made, "no phase without a step or with -DjvmWarmup=0");
   }

   private static ArrivalWarmup noted(List<String> made, String name, Duration during) {
      made.add(name + " " + during.toSeconds());
      return null;
   }
}
