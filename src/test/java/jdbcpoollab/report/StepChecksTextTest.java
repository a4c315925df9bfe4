package jdbcpoollab.report;

import jdbcpoollab.measure.OpenAtClose;
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
import jdbcpoollab.measure.UserWaits;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StepChecksTextTest {

   /** 5,000 users, {@code present} of them in the window, {@code starting} not started at its opening, Little 0.46. */
   private static StepResult step(Integer present, Integer starting) {
      Timing t = new Timing(1000, 0.1, 0.1, 0.1, 0.2, 0.3);
      return new StepResult(StepId.of("wait", 64), new StepCounts(5000, present, 5, 1000, 0, 0, 200),
            new StepTimes(t, t, t), new StepOutcome(UserSpread.of(new long[] {500, 500}), Map.of(), true),
            StepResources.NONE, new StepChecks(new OpenAtClose(10, 1, 0, 10, 0), t, 0.46, 0.45, UserWaits.NONE, 0,
            0, true, starting), StepRuntime.NONE);
   }

   @Test
   void usersStillStartingAtTheOpeningAreNamedOnTheStepsLineAndInTheChecksNotBlamedOnWaits() {
      StepResult late = step(3778, 1222);
      String line = new SweepSummary(null).add("wait pool=64", late);
      assertTrue(line.contains(", 1222 of 5000 users had not started when the window opened (3778 present in it)"),
            line);
      String warning = StepChecksText.warning(late);
      assertTrue(warning.startsWith("wait pool=64: Little 0.46 / 0.45: the window saw 46% of its users' time in "
            + "operations it could count; 1222 of 5000 users had not started when the window opened (3778 present in "
            + "it): the time before a user's first operation is in none"), warning);
      assertFalse(warning.contains("waits that did not end"), warning);
   }

   @Test
   void aLowRatioWithEveryUserStartedStillNamesTheWaits() {
      StepResult started = step(5000, 0);
      assertFalse(new SweepSummary(null).add("wait pool=64", started).contains("had not started"));
      assertTrue(StepChecksText.warning(started).contains("the rest went in waits that did not end inside the window"),
            StepChecksText.warning(started));
   }
}
