package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ShapeCount;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the summaries put at summary.json's top level (a sweep's answers, RateSweep's steps and answers) is the JSON
 * the lab wrote before it went through records (kept under src/test/resources/summaries), and reads back as written.
 */
class SummariesJsonTest {
   @TempDir
   Path dir;

   private static StepResult step(StepId id, double throughput, double queryAvg) {
      Timing acquire = new Timing(1000, 0.4, 0.1, 0.9, 2.5, 12.0);
      Timing query = new Timing(1000, queryAvg, queryAvg - 0.1, queryAvg + 0.4, queryAvg + 1.2, queryAvg + 6);
      long ok = Math.round(throughput * 5);
      return new StepResult(id, new StepCounts(64, 5, ok, 0, 0, throughput), new StepTimes(acquire, query, query),
            new StepOutcome(UserSpread.of(new long[] {ok / 2, ok - ok / 2}), Map.of(), true),
            new StepResources(null, Double.NaN, DatabaseActivity.NONE, ClientCpu.UNKNOWN), StepChecks.NONE,
            StepRuntime.NONE);
   }

   @Test
   void aSweepsAnswersAreWrittenAsBeforeAndReadBack() throws IOException {
      SweepSummary summary = new SweepSummary(new Sizing.Context(8, 0, 100), new Answers(true, 14, 7));
      double[] ops = {100, 200, 400, 800};
      for (int i = 0; i < ops.length; i++) {
         summary.add("wait", step(new StepId("wait", "", 1 << i, 1, 1, 2), ops[i], 5.3));
      }
      summary.add("wait", step(new StepId("wait", "", 8, 2, 1, 2), 804, 5.3));
      summary.add("cpu", step(new StepId("cpu", "", 1, 1, 1, 2), 21.6, 46.1));
      summary.add("cpu", step(new StepId("cpu", "", 2, 1, 1, 2), 39.0, 51.3));
      summary.add("cpu", step(new StepId("cpu", "", 2, 2, 1, 2), 42.4, 47.2));
      summary.add("cpu", step(new StepId("cpu", "", 1, 2, 1, 2), 23.0, 43.5));
      Object answers = summary.json().get("answers");
      holds("poolsweep-answers.json", answers);
      for (Object answer : (List<?>) answers) {
         Answers.Written back = Json.as(answer, Answers.Written.class);
         assertEquals(Json.toJson(answer), Json.toJson(back));
      }
      assertEquals(List.of("steps", "answers"), List.copyOf(summary.json().keySet()), "steps first, then answers");
   }

   @Test
   void aRateSweepsStepsAndAnswersAreWrittenAsBeforeAndReadBack() throws IOException {
      Path sweep = Files.createDirectories(dir.resolve("20261201-080000-PoolSweep"));
      Json.write(sweep.resolve("summary.json"), Map.of("simulation", "PoolSweep", "steps",
            List.of(step(StepId.of("wait", 4), 690, 5.412).toMap())));
      RateSweepSummary summary = new RateSweepSummary(600, 20, SweepRun.read(sweep));
      summary.add("wait pool=2", new ArrivalResult(step(StepId.of("wait", 2), 361.5, 5.377), 600, 200,
            new Timing(1808, 910.2, 890.5, 1650.25, 1790.125, 1801.0), 0, 1204));
      summary.add("wait pool=4", new ArrivalResult(step(StepId.of("wait", 4), 598.8, 5.433), 600, 200,
            new Timing(2994, 1.2, 0.4, 3.1, 9.8, 14.2), 0, 0));
      summary.add("wait pool=8", new ArrivalResult(step(StepId.of("wait", 8), 601.2, 5.398), 600, 200,
            new Timing(3006, 0.1, 0.05, 0.2, 0.7, 1.9), 0, 0));
      Map<String, Object> json = summary.json();
      holds("ratesweep-top.json", json);
      RateSweepSummary.Written back = Json.as(json, RateSweepSummary.Written.class);
      assertEquals(Json.toJson(json), Json.toJson(back));
      assertEquals(List.of(false, true, true), back.steps().stream().map(e -> e.prediction().stable()).toList());
      @SuppressWarnings("unchecked")
      Map<String, Object> answer = ((List<Map<String, Object>>) json.get("answers")).get(0);
      assertEquals(answer.get("pool"), back.answers().get(0).pool());
   }

   @Test
   void aReplaysStepsAnswersAndHeadroomAreWrittenAsBeforeAndReadBack() throws IOException {
      Map<Double, Double> rates = new LinkedHashMap<>();
      rates.put(1.0, 120.0);
      rates.put(4.0, 480.0);
      ReplaySummary summary = new ReplaySummary(20, 600, rates, 4.1);
      summary.add(1.0, "replay pool=2", new ArrivalResult(step(StepId.of("replay", 2), 119.8, 3.1), 120, 200,
            new Timing(599, 0.2, 0.1, 0.4, 1.1, 2.0), 0, 0), new ReplayHeld(4.25, 4.3, 0.004));
      summary.add(4.0, "replay pool=2", new ArrivalResult(step(StepId.of("replay", 2), 401.5, 3.4), 480, 200,
            new Timing(2007, 88.1, 70.2, 160.4, 190.9, 204.3), 0, 390), ReplayHeld.NONE);
      summary.add(4.0, "replay pool=4", new ArrivalResult(step(StepId.of("replay", 4), 479.2, 3.2), 480, 200,
            new Timing(2396, 0.3, 0.1, 0.6, 2.2, 4.8), 0, 0), new ReplayHeld(4.5, 4.6, 0.005));
      Map<String, Object> json = summary.json();
      holds("replay-top.json", json);
      ReplaySummary.Written back = Json.as(json, ReplaySummary.Written.class);
      assertEquals(Json.toJson(json), Json.toJson(back));
      assertEquals(List.of(1.0, 4.0, 4.0), back.steps().stream().map(ReplaySummary.Step::speed).toList());
   }

   @Test
   void aCapturesProfileIsWrittenAsBeforeAndReadsBack() throws IOException {
      CaptureSummary summary = new CaptureSummary();
      assertEquals(Map.of(), summary.json(), "nothing before the capture is taken");
      summary.taken(new Profile("mysql", 12_345_678L, List.of(new ShapeCount("SELECT * FROM orders WHERE id = ?", 812,
            0.81234567), new ShapeCount("UPDATE stock SET n = n - ? WHERE item = ?", 188, 0.18765433)),
            List.of(new ShapeCount("SET autocommit = ?", 40, 1.0)), List.of(98, 102, 81), List.of(3, 3, 4),
            List.of(4_200L, 5_100L, 3_900L), List.of(900L, 1_100L, 1_050L), 281, 22.7654321, 1),
            "MariaDB 11.4.5 at 127.0.0.1:3306", true, null);
      Map<String, Object> json = summary.json();
      holds("capture-top.json", json);
      CaptureSummary.Written back = Json.as(json, CaptureSummary.Written.class);
      assertEquals(Json.toJson(json), Json.toJson(back));
      assertEquals(0.8123, back.shapes().get(0).share());
   }

   /** The JSON the lab wrote before, kept as a file. */
   private static void holds(String file, Object written) throws IOException {
      Path kept = Path.of("src/test/resources/summaries").resolve(file);
      assertEquals(Files.readString(kept), Json.toJson(written), file);
   }
}
