package jdbcpoollab.report;

import jdbcpoollab.measure.ArrivalResult;
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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReplaySummaryTest {

   private static ArrivalResult step(double speed, int pool, double rate, double served, double totalP99) {
      Timing query = new Timing(100, 2, 2, 2, 2, 2);
      Timing total = new Timing(100, totalP99 / 2, totalP99 / 2, totalP99, totalP99, totalP99);
      StepResult s = new StepResult(StepId.of("replay " + (int) speed + "x", pool),
            new StepCounts(100, 2, 100, 0, 0, served), new StepTimes(Timing.EMPTY, query, total),
            new StepOutcome(new UserSpread(100, 1, 1, 1, 1), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
      return new ArrivalResult(s, rate, 16, Timing.EMPTY, 0, 0);
   }

   private static ReplaySummary summary(double... speeds) {
      Map<Double, Double> rates = new LinkedHashMap<>();
      for (double speed : speeds) {
         rates.put(speed, 100 * speed);
      }
      return new ReplaySummary(20, 200, rates);
   }

   @Test
   void aSpeedThatNoPoolMeetsWhileTheLargestServesFarBelowTheOfferedRateIsTheDatabaseSaturating() {
      ReplaySummary summary = summary(1, 2, 4);
      summary.add(1, "1x pool=4", step(1, 4, 100, 100, 8.1), 30);
      summary.add(1, "1x pool=8", step(1, 8, 100, 100, 6), 30);
      summary.add(2, "2x pool=4", step(2, 4, 200, 190, 90), 30);
      summary.add(2, "2x pool=8", step(2, 8, 200, 200, 12.3), 30);
      summary.add(4, "4x pool=4", step(4, 4, 400, 180, 900), 30);
      summary.add(4, "4x pool=8", step(4, 8, 400, 241.5, 700), 30);
      String headroom = summary.headroom();
      assertEquals("pool 4 serves today's traffic with P99 8.100 ms (Erlang C: pool 4); at 2x it needs pool 8 with "
            + "P99 12.300 ms (Erlang C: pool 4); at 4x no pool up to 8 meets 20 ms: the database saturates (at most "
            + "241.5 of the 400.0 requests/s offered served) (Erlang C: pool 4)", headroom);
      assertEquals(headroom, summary.json().get("headroom"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> answers = (List<Map<String, Object>>) summary.json().get("answers");
      assertEquals(List.of(4, 8), answers.subList(0, 2).stream().map(a -> a.get("pool")).toList());
      assertEquals(null, answers.get(2).get("pool"));
   }

   @Test
   void aSpeedThatNoPoolMeetsWhileTheLargestKeepsUpMayNeedALargerPool() {
      ReplaySummary summary = summary(1);
      summary.add(1, "1x pool=1", step(1, 1, 100, 98, 300), 30);
      assertEquals("for today's traffic no pool up to 1 meets 20 ms: larger pools may (Erlang C: pool 1)",
            summary.headroom());
   }
}
