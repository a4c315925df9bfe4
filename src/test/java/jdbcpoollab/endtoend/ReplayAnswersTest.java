package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.Replay;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.endtoend.CaptureReplayIntegrationTest.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replay's answers to a careless run, on the embedded MariaDB, each from a capture file written by hand: a replay whose
 * requests fail at the database names the failures (how many, the first message) and no pool,
 * and exits as a run that measured nothing (65); a speed whose window is too short to measure is refused in one line
 * before anything starts, with the most the capture takes; requests that take longer than their speed's window are
 * told to slow the speed down, not to change options Replay refuses; and no step serves more requests inside its
 * window than the capture has, nor more per second than the speed offers.
 */
class ReplayAnswersTest {
   /** The table the target does not have. */
   private static final String MISSING = "replay_missing";

   /** A Capture run folder written by hand: each line a request of its own ({@code connection, µs, statement}). */
   private static Path capture(String name, long durationMicros, List<String> lines) throws IOException {
      Path folder = Files.createDirectories(Path.of(System.getProperty("lab.results"), "answers-" + name
            + "-Capture"));
      Files.writeString(folder.resolve("capture.txt"), "jdbc-pool-lab capture 1 mysql " + durationMicros + "\n"
            + String.join("\n", lines) + "\n");
      Files.writeString(folder.resolve("summary.json"), "{\"server\" : null}");
      return folder;
   }

   private static GatlingRun.Result replay(Path capture, String speed, String pools) {
      return GatlingRun.run(Replay.class, new HashMap<>(Map.of("capture", capture.toString(), "speed", speed,
            "pools", pools, "sloP99Ms", "200")), false);
   }

   @Test
   @SuppressWarnings("unchecked")
   void aReplayWhoseRequestsFailNamesTheFailuresFirstAndExitsAsNothingMeasured() throws IOException {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
         lines.add((100 + i) + "\t" + i * 25_000 + "\t" + (i % 2 == 0 ? "SELECT 1" : "SELECT v FROM " + MISSING
               + " WHERE id = " + i));
      }
      GatlingRun.Result run = replay(capture("failing", 1_000_000, lines), "1", "4");
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      Map<String, Object> summary = run.summary();
      String headroom = (String) summary.get("headroom");
      assertTrue(headroom.startsWith("the replay's requests failed at the database: "), headroom);
      assertTrue(headroom.contains("(first: SQLSyntaxErrorException: Table 'demo." + MISSING + "' doesn't exist)"),
            "the first failure: " + headroom);
      assertFalse(headroom.contains("saturates") || headroom.contains("larger pools"), headroom);
      assertFalse(headroom.contains("pool 4 serves"), headroom);
      Map<String, Object> failed = (Map<String, Object>) summary.get("statementFailures");
      long sent = ((Number) failed.get("sent")).longValue();
      long failures = ((Number) failed.get("failed")).longValue();
      assertTrue(failures >= 20 && failures <= sent && sent >= 40, failed.toString());
      assertTrue(headroom.contains(failures + " of the " + sent + " it sent failed"), headroom);
      assertEquals(Exit.NOTHING_MEASURED, ((Number) summary.get("exitCode")).intValue());
      assertTrue(run.console().contains("the run will exit with code 65 after Gatling's report (the replay's "
            + "requests failed at the database"), run.console());
   }

   @Test
   void aSpeedWhoseWindowIsTooShortToMeasureIsRefusedBeforeAnythingStarts() throws IOException {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
         lines.add((100 + i) + "\t" + i * 100_000 + "\tSELECT 1");
      }
      // 32 requests 0.1 s apart: a span of 3.1 s, and a window of 3.2 s at 1x, 3.2 ms at 1000x
      GatlingRun.Result run = replay(capture("fast", 3_200_000, lines), "1,1000", "4");
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertEquals("jdbc-pool-lab: bad option -Dspeed=1,1000: at 1000x the capture's 3.200 s of requests make a "
            + "window of 3.2 ms, too short to measure (at least 0.1 s); the most this capture takes is -Dspeed=32 "
            + "(exit code 64)", run.failure());
      assertNull(run.folder(), "no run folder: nothing started");
   }

   @Test
   void requestsLongerThanTheirSpeedsWindowAreToldToSlowTheSpeedDown() throws IOException {
      // two requests 0.1 s apart: a window of 0.2 s at 1x, in which a half-second statement cannot end
      GatlingRun.Result run = replay(capture("slow", 200_000, List.of("100\t0\tSELECT SLEEP(0.5)",
            "101\t100000\tSELECT SLEEP(0.5)")), "1", "2");
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      assertEquals("jdbc-pool-lab: no operation ended inside any measured window of 1 step(s): each captured request "
            + "takes longer than its step's window (the capture's span divided by the speed); give a lower -Dspeed "
            + "(exit code 65)", run.failure());
   }

   @Test
   @SuppressWarnings("unchecked")
   void noStepServesMoreRequestsInItsWindowThanTheCaptureHas() throws IOException {
      // 30 requests at once, then 40 over about a second: the window at 1x lasts 1000.95 ms, and the capture's
      // first requests arrive again from its close on (injected by the millisecond) to keep the load on
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
         lines.add((100 + i) + "\t0\tSELECT 1");
      }
      for (int i = 1; i <= 40; i++) {
         lines.add((200 + i) + "\t" + Math.round(i * 986_651.0 / 40) + "\tSELECT 1");
      }
      GatlingRun.Result run = replay(capture("count", 1_000_000, lines), "1,2", "32");
      assertEquals(0, run.exitCode() == Exit.PROVISIONAL ? 0 : run.exitCode(), run.console());
      List<Map<String, Object>> steps = run.steps();
      assertEquals(2, steps.size(), steps.toString());
      for (Map<String, Object> step : steps) {
         assertTrue(number(step, "ok") + number(step, "ko") <= 70, "at most the capture's 70 requests: " + step);
         // the summary gives throughput to 0.1/s and the offered rate unrounded
         assertTrue(number(step, "throughput") <= number(step, "rate") + 0.05, "at most the rate offered: " + step);
      }
   }
}
