package jdbcpoollab.report;

import jdbcpoollab.capture.ReplayWorkload;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.MachineCpu;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplaySummaryTest {

   private static ArrivalResult step(double speed, int pool, double rate, double served, double totalP99) {
      return step(speed, pool, rate, served, totalP99, StepResources.NONE);
   }

   /** A step at which the server counted {@code running} sessions running a statement on average. */
   private static ArrivalResult step(double speed, int pool, double rate, double served, double totalP99,
                                     double running) {
      return step(speed, pool, rate, served, totalP99, new StepResources(null, Double.NaN,
            new DatabaseActivity(DatabaseActivity.THREADS_RUNNING, running, pool, 50), null));
   }

   private static ArrivalResult step(double speed, int pool, double rate, double served, double totalP99,
                                     StepResources resources) {
      Timing query = new Timing(100, 2, 2, 2, 2, 2);
      Timing total = new Timing(100, totalP99 / 2, totalP99 / 2, totalP99, totalP99, totalP99);
      StepResult s = new StepResult(StepId.of("replay " + (int) speed + "x", pool),
            new StepCounts(100, 2, 100, 0, 0, served), new StepTimes(Timing.EMPTY, query, total),
            new StepOutcome(new UserSpread(100, 1, 1, 1, 1), Map.of(), true), resources, StepChecks.NONE,
            StepRuntime.NONE);
      return new ArrivalResult(s, rate, 16, Timing.EMPTY, 0, 0);
   }

   private static ReplaySummary summary(double... speeds) {
      Map<Double, Double> rates = new LinkedHashMap<>();
      for (double speed : speeds) {
         rates.put(speed, 100 * speed);
      }
      return new ReplaySummary(20, 200, rates, 30);
   }

   /** Transactions held {@code ms} on average and at the median, the replay late by nothing. */
   private static ReplayHeld held(double ms) {
      return new ReplayHeld(ms, ms, 0);
   }

   @Test
   void aSpeedThatNoPoolMeetsWhileTheLargestServesFarBelowTheOfferedRateIsTheDatabaseSaturating() {
      ReplaySummary summary = summary(1, 2, 4);
      summary.add(1, "1x pool=4", step(1, 4, 100, 100, 8.1), held(30));
      summary.add(1, "1x pool=8", step(1, 8, 100, 100, 6), held(30));
      summary.add(2, "2x pool=4", step(2, 4, 200, 190, 90), held(30));
      summary.add(2, "2x pool=8", step(2, 8, 200, 200, 12.3), held(30));
      summary.add(4, "4x pool=4", step(4, 4, 400, 180, 900), held(30));
      summary.add(4, "4x pool=8", step(4, 8, 400, 241.5, 700), held(30));
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
   @SuppressWarnings("unchecked")
   void requestsThatFailedAtTheDatabaseAreNamedAloneWithoutAPoolOrTheDatabasesSaturation() {
      ReplaySummary summary = summary(1, 2);
      String missing = "SQLSyntaxErrorException: Table 'shop.orders' doesn't exist";
      summary.add(1, "1x pool=4", step(1, 4, 100, 100, 8.1), held(30), new ReplayWorkload.Failures(122, 0, null));
      summary.add(2, "2x pool=4", step(2, 4, 200, 111.6, 900), held(30), new ReplayWorkload.Failures(122, 77,
            missing));
      String why = "the replay's requests failed at the database: 77 of the 244 it sent failed (first: " + missing
            + "); the target does not run the capture's statements as the application's server did, so no pool is "
            + "named: replay against a copy of the application's database (its tables and data)";
      assertEquals(why, summary.headroom());
      assertEquals(why, summary.unanswerable());
      Map<String, Object> failed = (Map<String, Object>) summary.json().get("statementFailures");
      assertEquals(List.of(244L, 77L, missing), List.of(((Number) failed.get("sent")).longValue(),
            ((Number) failed.get("failed")).longValue(), failed.get("first")));
      assertNull(summary(1).unanswerable(), "none failed");
      assertFalse(summary(1).json().containsKey("statementFailures"));
   }

   @Test
   void aSpeedNotServedWhileFewConnectionsRanAStatementAtTheDatabaseIsProvisionalNotTheDatabasesSaturation() {
      ReplaySummary summary = summary(1, 2);
      summary.add(1, "1x pool=2", step(1, 2, 100, 100, 8, 0.3), held(30));
      summary.add(2, "2x pool=2", step(2, 2, 200, 110, 900, 0.41), held(30));
      String headroom = summary.headroom();
      assertTrue(summary.provisional(), headroom);
      assertTrue(headroom.startsWith("provisional: the load generator or the network, not the database, sets these "
            + "times: 0.41 of pool 2's connections at 2x were running a statement at the database on average "
            + "(Threads_running)"), headroom);
      assertFalse(headroom.contains("the database saturates"), headroom);
      assertEquals(List.of(2.0), List.copyOf(summary.notTheDatabase().keySet()));

      ReplaySummary busy = summary(1, 2);
      busy.add(1, "1x pool=2", step(1, 2, 100, 100, 8, 0.3), held(30));
      busy.add(2, "2x pool=2", step(2, 2, 200, 110, 900, 1.9), held(30));
      assertFalse(busy.provisional(), busy.headroom());
      assertTrue(busy.headroom().contains("at 2x no pool up to 2 meets 20 ms: the database saturates"),
            busy.headroom());
   }

   /** A step on 2 cores at which the lab's JVM and the server's process took {@code jvm} and {@code server} cores. */
   private static ArrivalResult onTwoCores(double speed, double served, double jvm, double server) {
      return step(speed, 2, 100 * speed, served, 900, new StepResources(null, Double.NaN, null,
            new DatabaseActivity(DatabaseActivity.THREADS_RUNNING, 1.4, 2, 50), ClientCpu.UNKNOWN,
            new MachineCpu("found by its port", 2, jvm, server, 0.02, 0, 10, false)));
   }

   @Test
   void aSpeedNotServedOnAMachineTheLabsClientFilledBesideTheServerIsProvisional() {
      ReplaySummary summary = summary(1, 2);
      summary.add(1, "1x pool=2", step(1, 2, 100, 100, 8, 0.3), held(30));
      summary.add(2, "2x pool=2", onTwoCores(2, 140, 0.87, 1.1), held(30));
      String headroom = summary.headroom();
      assertTrue(summary.provisional(), headroom);
      assertTrue(headroom.startsWith("provisional: the machine the lab shares with the database server, not the "
            + "database alone, sets these times: at 2x its 2 cores were 100% busy, the server's process taking 55% of "
            + "them and the lab's client 44%, while requests waited"), headroom);
      assertFalse(headroom.contains("the database saturates"), headroom);

      ReplaySummary lightClient = summary(1, 2);
      lightClient.add(1, "1x pool=2", step(1, 2, 100, 100, 8, 0.3), held(30));
      lightClient.add(2, "2x pool=2", onTwoCores(2, 140, 0.2, 1.7), held(30));
      assertFalse(lightClient.provisional(), lightClient.headroom());
      assertTrue(lightClient.headroom().contains("at 2x no pool up to 2 meets 20 ms: the database saturates"),
            lightClient.headroom());
   }

   @Test
   void aSpeedThatNoPoolMeetsWhileTheLargestKeepsUpMayNeedALargerPool() {
      ReplaySummary summary = summary(1);
      summary.add(1, "1x pool=1", step(1, 1, 100, 98, 300), held(30));
      assertEquals("for today's traffic no pool up to 1 meets 20 ms: larger pools may (Erlang C: pool 1)",
            summary.headroom());
   }

   @Test
   void transactionsHeldLongerThanTheApplicationsMakeTheAnswerProvisionalSaidFirstAndNotTheDatabasesSaturation() {
      ReplaySummary summary = summary(1, 2);
      summary.add(1, "1x pool=4", step(1, 4, 100, 100, 8.1), new ReplayHeld(74, 75, 44));
      summary.add(1, "1x pool=8", step(1, 8, 100, 100, 6), new ReplayHeld(73, 74, 43));
      summary.add(2, "2x pool=4", step(2, 4, 200, 150, 900), new ReplayHeld(74, 76, 44));
      summary.add(2, "2x pool=8", step(2, 8, 200, 160, 700), new ReplayHeld(75, 75, 45));
      assertTrue(summary.provisional());
      String why = "the load generator, not the database, sets these times: replayed transactions held 74.000 ms at "
            + "1x, 75.000 ms at 2x against the application's 30.000 ms (their statements started late by 43.000 ms, "
            + "45.000 ms)";
      assertEquals(why, summary.provisionalWhy());
      assertEquals("provisional: " + why + ". pool 4 serves today's traffic with P99 8.100 ms (Erlang C: pool 4); "
            + "at 2x no pool up to 8 meets 20 ms (at most 160.0 of the 200.0 requests/s offered served, as the "
            + "replay held them) (Erlang C: pool 4)", summary.headroom());
      Map<String, Object> json = summary.json();
      assertEquals(why, json.get("provisional"));
      assertEquals(30.0, json.get("capturedHeldMeanMs"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> answers = (List<Map<String, Object>>) json.get("answers");
      assertEquals(List.of(true, true), answers.stream().map(a -> a.get("provisional")).toList());
   }

   @Test
   void statementsSlowerThanTheApplicationsWithoutTheReplayLateAreSaidSoAndOnlyTheirSpeedIsProvisional() {
      ReplaySummary summary = summary(1, 2);
      summary.add(1, "1x pool=8", step(1, 8, 100, 100, 6), new ReplayHeld(33, 35.9, 0.01));
      summary.add(2, "2x pool=4", step(2, 4, 200, 150, 900), new ReplayHeld(60, 61, 0.02));
      summary.add(2, "2x pool=8", step(2, 8, 200, 160, 700), new ReplayHeld(50, 50, 0.02));
      assertEquals("the replay, not the pool, sets these times: replayed transactions held 50.000 ms at 2x against "
            + "the application's 30.000 ms, their statements slower than the application's (the database under this "
            + "load, or the machine the lab shares with it)", summary.provisionalWhy());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> answers = (List<Map<String, Object>>) summary.json().get("answers");
      assertEquals(List.of(false, true), answers.stream().map(a -> a.get("provisional")).toList());
   }

   @Test
   void transactionsHeldWithinAFifthOfTheApplicationsOrACaptureWithoutTransactionsAreNotProvisional() {
      ReplaySummary summary = summary(1);
      summary.add(1, "1x pool=8", step(1, 8, 100, 100, 6), new ReplayHeld(35, 35.9, 5));
      assertFalse(summary.provisional());
      assertNull(summary.json().get("provisional"));
      Map<Double, Double> rates = Map.of(1.0, 100.0);
      ReplaySummary autocommit = new ReplaySummary(20, 200, rates, Double.NaN);
      autocommit.add(1, "1x pool=8", step(1, 8, 100, 100, 6), ReplayHeld.NONE);
      assertFalse(autocommit.provisional());
   }
}
