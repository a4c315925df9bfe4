package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.Json;
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
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each workload's answer: summary.json's answers, the lines under the recommendation, and the page's, alike. */
class AnswersTest {

   private static StepResult step(int pool, int pass, double throughput) {
      Timing t = new Timing(1000, 0.1, 0.1, 0.1, 0.2, 0.3);
      long ok = Math.round(throughput * 5);
      return new StepResult(new StepId("wait", "", pool, pass, 1, 2), new StepCounts(64, 5, ok, 0, 0, throughput),
            new StepTimes(t, t, t), new StepOutcome(UserSpread.of(new long[] {ok / 2, ok - ok / 2}), Map.of(), true),
            new StepResources(null, Double.NaN, DatabaseActivity.NONE, ClientCpu.UNKNOWN), StepChecks.NONE,
            StepRuntime.NONE);
   }

   /** The step as other work on the machine left it: disturbed, others taking 30% of 2 cores. */
   private static StepResult hogged(StepResult s) {
      StepResources r = s.resources();
      return new StepResult(s.id(), s.counts(), s.times(), s.outcome(), new StepResources(r.serverConnections(),
            r.betweenMs(), r.thinkMs(), r.database(), r.clientCpu(), new MachineCpu("embedded server", 2, 0.2, 1.0,
            0.6, 0, 10, true)), s.checks(), s.runtime());
   }

   @Test
   @SuppressWarnings("unchecked")
   void anAutoSweepThatSettledSaysWhatItTriedAndThatItSettledInEveryPlace(@TempDir Path dir) {
      SweepSummary summary = new SweepSummary(new Sizing.Context(8, 0, 100), new Answers(true, 14, 7));
      double[] ops = {100, 200, 400, 800};
      for (int i = 0; i < ops.length; i++) {
         summary.add("wait", step(1 << i, 1, ops[i]));
      }
      summary.add("wait", step(8, 2, 804));
      Json.write(dir.resolve("summary.json"), summary.json());
      Map<String, Object> json = Json.read(dir.resolve("summary.json"));
      Map<String, Object> answer = ((List<Map<String, Object>>) json.get("answers")).get(0);
      assertEquals("wait", answer.get("workload"));
      assertEquals(8, ((Number) answer.get("pool")).intValue());
      assertEquals(true, answer.get("settled"));
      assertEquals(List.of(), answer.get("candidates"));
      assertEquals(2, ((Number) answer.get("passes")).intValue());
      Map<String, Object> search = (Map<String, Object>) answer.get("search");
      assertEquals(List.of(1, 2, 4, 8), search.get("tried"), "the search's sizes, the step measured again left out");
      assertEquals("users", search.get("stopped"));

      String console = summary.tables(false);
      assertTrue(console.contains("    pools tried, in order: 1, 2, 4, 8; stopped at the users"), console);
      assertTrue(console.contains("    settled: pool 8, told apart from the others at 5% (2 passes at most)"), console);
      String md = summary.tables(true);
      assertTrue(md.contains("- **pools tried, in order: 1, 2, 4, 8; stopped at the users"), md);

      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 200), step(4, 1, 400), step(8, 1, 800),
            step(8, 2, 804));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      assertEquals(new Answers(true, 14, 7).lines(sizing, steps), Answers.lines(json, sizing, steps),
            "the page says what the run said");
      assertEquals(List.of(), Answers.lines(Map.of(), sizing, steps), "a run without answers shows none");
   }

   @Test
   void aSearchWhosePoolOneIsAlreadyTheBestNeverNamesAPoolZero() {
      SweepSummary summary = new SweepSummary(new Sizing.Context(8, 0, 100), new Answers(true, 0, 7));
      summary.add("wait", step(1, 1, 100));
      summary.add("wait", step(2, 1, 101));
      String console = summary.tables(false);
      assertFalse(console.contains("pool 0"), console);
      assertTrue(console.contains("pools tried, in order: 1, 2; stopped: throughput stopped rising by more than 5% "
            + "when doubled, and pool 1, the smallest pool, is already within 95% of the best: there is nothing below "
            + "it to bisect"), console);
   }

   @Test
   void anAnswerNotSettledNamesItsCandidatesAndWhatToRunNext() {
      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 195), step(2, 2, 150), step(1, 2, 140));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      List<String> lines = new Answers(false, 14, 7).lines(sizing, steps);
      assertEquals(1, lines.size(), lines.toString());
      assertTrue(lines.get(0).startsWith("not settled: pool 1 cannot be told apart from pool 2 at this noise"
            + " (candidates 1, 2 after 2 passes at most; settling's 14 s were spent). Run again with"
            + " -Dsettle.seconds=42, or -Dpools=1,2 -Drepeat=5"), lines.get(0));
      assertFalse(new Answers(false, 0, 7).lines(sizing, steps).iterator().hasNext(), "no settling, no line");
   }

   @Test
   void aBudgetUnderOneStepSaysNoSettlingStepFittedAndWhatToGive(@TempDir Path dir) {
      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 195), step(2, 2, 150), step(1, 2, 140));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      // -Dpools=auto -Dseconds=1: 30% of three steps of 2 + 1 s, 2.7 s, under one step's 3 s
      Answers tooShort = new Answers(false, 2.7, 3);
      String line = tooShort.lines(sizing, steps).get(0);
      assertTrue(line.startsWith("not settled: pool 1 cannot be told apart from pool 2 at this noise (candidates 1,"
            + " 2 after 2 passes at most; no settling step fitted in settling's 2.7 s, under one step's 3 s of"
            + " warm-up and window). Run again with -Dsettle.seconds=12 (two more steps of each candidate), or"
            + " -Dpools=1,2 -Drepeat=5."), line);
      assertFalse(line.contains("were spent"), line);
      assertTrue(new Answers(false, 3, 3).lines(sizing, steps).get(0).contains("settling's 3 s were spent"),
            "a budget of one step is spent by that step");

      SweepSummary summary = new SweepSummary(new Sizing.Context(8, 0, 100), tooShort);
      steps.forEach(r -> summary.add("wait", r));
      Json.write(dir.resolve("summary.json"), summary.json());
      assertEquals(tooShort.lines(sizing, steps), Answers.lines(Json.read(dir.resolve("summary.json")), sizing, steps),
            "the page says what the run said");
   }

   @Test
   void anAnswerOpenForOnePoolNamesThatPoolAlone() {
      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 300), step(4, 1, 300), step(4, 2, 302),
            step(2, 2, 280), step(1, 2, 101));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      String line = new Answers(false, 14, 7).lines(sizing, steps).get(0);
      assertTrue(line.startsWith("not settled: pool 2 cannot be told apart from pool 4 at this noise (candidates 2,"
            + " 4 after 2 passes at most;"), line);
      assertFalse(line.contains("2 to 2"), line);
   }

   @Test
   void theBestPoolIsNearItselfSoOnlyTheSmallerPoolsDecideIt() {
      // pool 2's own steps spread 7%, but pool 1 is far below it: nothing else could be the answer
      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 300), step(2, 2, 280), step(1, 2, 101));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      assertEquals(List.of("settled: pool 2, told apart from the others at 5% (2 passes at most)"),
            new Answers(false, 14, 7).lines(sizing, steps));
   }

   @Test
   void anAnswerOpenOnlyForDisturbedStepsSaysWhichAndWhy() {
      List<StepResult> steps = List.of(step(1, 1, 100), step(2, 1, 200), step(4, 1, 400), step(8, 1, 800),
            step(1, 2, 101), step(2, 2, 202), hogged(step(4, 2, 402)), hogged(step(8, 2, 806)));
      Sizing sizing = Sizing.of("wait", steps, new Sizing.Context(8, 0, 100));
      String line = new Answers(false, 14, 7).lines(sizing, steps).get(0);
      assertTrue(line.startsWith("not settled: pools 4 and 8 are open as their last steps were disturbed by other"
            + " work on the machine (candidates 4, 8 after 2 passes at most;"), line);
      assertFalse(line.contains("cannot be told apart"), "every pool is told apart: " + line);
   }
}
