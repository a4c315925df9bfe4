package jdbcpoollab.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ArrivalScheduleTest {
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
