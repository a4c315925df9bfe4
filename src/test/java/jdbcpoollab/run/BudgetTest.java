package jdbcpoollab.run;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One formula for every run's budget, which gives each run the seconds its engine's own formula gave it before. */
class BudgetTest {

   @Test
   void everyStepGetsItsSecondsAndAMarginAndTheRunAMarginOfItsOwn() {
      assertEquals(Duration.ofSeconds(60), Budget.of(0, 100, 0), "no step: the run's margin");
      assertEquals(Duration.ofSeconds(3 * (10 + 30) + 5 + 60), Budget.of(3, 10, 5));
      assertEquals(Duration.ofSeconds(32 + 60), Budget.of(1, 2.5, 0), "whole seconds, the half dropped");
      assertEquals(40.5, Budget.step(10.5));
      assertEquals(4.0, Budget.timeouts(2, 2_000));
      assertEquals(0.75, Budget.timeouts(5, 150));
   }

   @Test
   void aSumOfDecimalSecondsIsNotFlooredASecondBelowItself() {
      // 125 batches of two 4.004 s timeouts and 90 s: 125 * 128.008 = 16001 exactly, which doubles make 16000.99…
      assertEquals(Duration.ofSeconds(16_001 + 60), Budget.of(125, 90 + Budget.timeouts(2, 4_004), 0));
   }

   @Test
   void aPoolSweepsPlanHasTheSecondsItHadBefore() {
      // -Dpools=1,2,4 -Dworkloads=wait,cpu -Dwarmup=1 -Dseconds=3 -DconnectionTimeoutMs=2500 and a 20 s JVM
      // warm-up; PoolSweepEngine's own formula was (long) (steps * perStep + jvmWarmup) + 60, with
      // perStep = warmup + seconds + 2 * connectionTimeoutMs / 1000.0 + 30 = 39
      long before = (long) (6 * 39.0 + 20) + 60;
      assertEquals(Duration.ofSeconds(before), Budget.of(6, 1 + 3 + Budget.timeouts(2, 2_500), 20));
      assertEquals(Duration.ofSeconds(314), Budget.of(6, 1 + 3 + Budget.timeouts(2, 2_500), 20));
   }

   @Test
   void aRateSweepsPlanHasTheSecondsItHadBefore() {
      // -Dpools=4,8,16,32 over two sources, 1 s warm-up, 5 s window, arrivals for 7 s, a 30 s acquire
      // timeout; RateSweepEngine's own formula was (long) (steps * perStep) + 60, with
      // perStep = arrivals + 2 * connectionTimeoutMs / 1000.0 + 30 = 97
      long before = (long) (8 * 97.0) + 60;
      assertEquals(Duration.ofSeconds(before), Budget.of(8, 7 + Budget.timeouts(2, 30_000), 0));
      assertEquals(Duration.ofSeconds(836), Budget.of(8, 7 + Budget.timeouts(2, 30_000), 0));
   }
}
