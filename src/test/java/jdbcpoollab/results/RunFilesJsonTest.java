package jdbcpoollab.results;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.files.Json;
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
import jdbcpoollab.redact.RunLog;
import jdbcpoollab.report.RateSweepSummary;
import jdbcpoollab.report.Table;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * summary.json as a whole, head to gates, is the JSON the lab wrote before its head went through a record (kept under
 * src/test/resources/summaries); its head reads back as written.
 */
class RunFilesJsonTest {

   private static RunFiles.Contents contents(String state, Integer exitCode) {
      return contents(state, exitCode, Map.of());
   }

   private static RunFiles.Contents contents(String state, Integer exitCode, Map<String, Long> errors) {
      Timing t = new Timing(2994, 5.6, 5.4, 5.9, 7.2, 14.2);
      StepResult step = new StepResult(StepId.of("wait", 4), new StepCounts(200, 5, 2994, 0, 0, 598.8),
            new StepTimes(t, t, t), new StepOutcome(new UserSpread(200, 10, 15, 20, 0.99), errors, true),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
      RateSweepSummary summary = new RateSweepSummary(600, 20, null);
      summary.add("wait pool=4", new ArrivalResult(step, 600, 200, new Timing(2994, 1.2, 0.4, 3.1, 9.8, 14.2), 0, 0));
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("source", "hikari (minimumIdle = maximumPoolSize = pool)");
      settings.put("rate", 600.0);
      settings.put("from", null);
      settings.put("pools", List.of(4));
      Map<String, Object> wall = new LinkedHashMap<>();
      wall.put("totalSeconds", 12.5);
      wall.put("measuredSeconds", 5.0);
      Table table = new Table(List.of("step", "kind"));
      table.add(List.of("wait pool=4", "read"));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("step", "wait pool=4");
      row.put("kind", "read");
      Map<String, Object> gates = new LinkedHashMap<>();
      gates.put("gates", List.of());
      return new RunFiles.Contents("RateSweep", state, exitCode, null, settings, "../gatling/ratesweep-1/index.html",
            summary, Map.of("wait pool=8", "the run was interrupted"), wall,
            Map.of("kinds", new RunFiles.Section("Kinds", table, List.of(row), "a note")), gates, markdown -> "",
            text -> text.replace("run-secret-xyz", "***"));
   }

   @Test
   void eachFailureShowsItsFirstMessageWithTheNumbersItsLabelHides() {
      String label = ErrorMessages.normalise(new SQLException("Pool is full [ borrowed:8, pending:4321 ] run-secret-xyz"));
      ErrorMessages.normalise(new SQLException("Pool is full [ borrowed:7, pending:12 ] run-secret-xyz"));
      RunFiles.Contents c = contents("complete", 0, Map.of(label, 2L));
      String md = RunFiles.markdown(c, true);
      assertTrue(md.contains("- 2 × wait pool=4: SQLException: Pool is full [ borrowed:N, pending:N ] ***\n"
            + "  - first in the run, as it came: SQLException: Pool is full [ borrowed:8, pending:4321 ] ***\n"), md);
      Map<String, Object> json = RunFiles.json(c, new RunLog.Counts(0, 0));
      assertEquals(Map.of("wait pool=4: SQLException: Pool is full [ borrowed:N, pending:N ] ***",
            "SQLException: Pool is full [ borrowed:8, pending:4321 ] ***"), json.get("failureExamples"));
   }

   @Test
   void summaryJsonIsWrittenAsBeforeAndItsHeadReadsBack() throws IOException {
      Map<String, Object> json = RunFiles.json(contents("complete", 0), new RunLog.Counts(0, 0));
      assertEquals(Files.readString(Path.of("src/test/resources/summaries/ratesweep-whole.json")), Json.toJson(json));
      RunFiles.Head head = Json.as(json, RunFiles.Head.class);
      assertEquals("RateSweep", head.simulation());
      assertEquals(0, head.exitCode());
      assertNull(head.pid(), "no pid once the run has ended");
      assertEquals(json.get("settings"), head.settings());
   }

   @Test
   void aRunningRunNamesItsJvmAndTheLogEventsAreCountedInOrder() {
      Map<String, Object> json = RunFiles.json(contents("running", null), new RunLog.Counts(3, 2));
      assertEquals(List.of("simulation", "state", "pid", "settings", "gatlingReport"),
            List.copyOf(json.keySet()).subList(0, 5));
      assertEquals(ProcessHandle.current().pid(), ((Number) json.get("pid")).longValue());
      assertEquals("{\n  \"events\" : 3,\n  \"kinds\" : 2,\n  \"file\" : \"lab.log\"\n}\n",
            Json.toJson(json.get("logEvents")));
   }
}
