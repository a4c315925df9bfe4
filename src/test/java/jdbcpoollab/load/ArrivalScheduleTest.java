package jdbcpoollab.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArrivalScheduleTest {
   @Test
   void aRatesArrivalsAreItsCountSpreadAtRandomOverTheirSecondsAndTimedFromTheirDrawnTimes() {
      ArrivalSchedule schedule = ArrivalSchedule.atRandom(2000, Duration.ofSeconds(5), new SplittableRandom(7));
      List<Integer> perSecond = schedule.perSecond();
      assertEquals(5, perSecond.size(), "none beyond the 5 s: " + perSecond);
      assertEquals(10_000, perSecond.stream().mapToInt(Integer::intValue).sum(), "rate x seconds of them");
      // a second's count is binomial (10,000, 1/5): its standard deviation is 40
      assertTrue(perSecond.stream().allMatch(n -> Math.abs(n - 2000) < 240), "spread over every second: " + perSecond);
      long start = 1_000_000_000L;
      long previous = schedule.nextDue(start);
      assertTrue(previous >= start && previous < start + 5_000_000_000L, "the first at its own time: " + previous);
      long gaps = 0;
      for (int i = 1; i < 10_000; i++) {
         long due = schedule.nextDue(start);
         assertTrue(due >= previous, "in order");
         gaps += due - previous;
         previous = due;
      }
      assertTrue(previous < start + 5_000_000_000L, "the last inside the 5 s");
      assertEquals(500_000, gaps / 9_999.0, 25_000, "a mean gap of 1/rate, in ns");
      assertEquals(start, schedule.nextDue(start), "one beyond them, due at once");
   }

   @Test
   void gatlingBringsEachSecondsArrivalsAtItsStartAndNoSecondIsSkipped() {
      ArrivalSchedule schedule = new ArrivalSchedule(List.of(0L, 250_000L, 999_999L, 1_000_000L, 3_400_000L));
      assertEquals(List.of(3, 1, 0, 1), schedule.perSecond());
   }

   @Test
   void eachUserTakesTheNextTimeCountedFromTheFirstUsersStart() {
      ArrivalSchedule schedule = new ArrivalSchedule(List.of(0L, 1_500L, 2_000_000L));
      long start = 5_000_000_000L;
      assertEquals(start, schedule.nextDue(start));
      assertEquals(start + 1_500_000L, schedule.nextDue(start + 10));
      assertEquals(start + 2_000_000_000L, schedule.nextDue(start + 20));
   }

   @Test
   void aUserBeyondTheScheduleIsDueAtOnce() {
      ArrivalSchedule schedule = new ArrivalSchedule(List.of(0L));
      schedule.nextDue(100);
      assertEquals(777, schedule.nextDue(777));
   }

   @Test
   void arrivalsOutOfOrderAreRefused() {
      assertThrows(IllegalArgumentException.class, () -> new ArrivalSchedule(List.of(0L, 20L, 10L)));
   }
}
