package jdbcpoollab.endtoend;

import jdbcpoollab.db.Database;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.Replay;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.endtoend.CaptureReplayIntegrationTest.number;
import static jdbcpoollab.endtoend.CaptureReplayIntegrationTest.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A replay holds connections as long as the application did: a capture file written by hand holds transactions of
 * eight statements (their start, six point selects, their commit), each statement 400 µs after the previous one, so
 * the application held each connection 2.8 ms; replayed on a server of the lab's binaries, on pool 4 after a step on
 * pool 2 has warmed the JVM, the transactions hold theirs within 20% of that, and the answer is the database's (on a
 * machine where other work took more than 10% during the step, the median alone: the mean counts the statements
 * that work delayed by milliseconds, and the answer is rightly provisional). A
 * sub-millisecond gap that took a whole millisecond (Java 17's {@code Thread.sleep}) would hold them about twice as
 * long or more. A capture whose statements the target
 * runs far slower than the captured gaps (a {@code SLEEP} of 5 ms between starts 100 µs apart) is replayed too, and
 * its answer is provisional, said first, with exit code 5.
 */
@RunsAlone("the replayed transactions' held time within 20% of 2.8 ms: a busy machine beside it delays statements")
class ReplayHeldTimeTest {
   private static final int TRANSACTIONS = 300;
   private static final long GAP_MICROS = 400;
   private static final int SELECTS = 6;
   private static final double SECONDS = 3;
   private static Database database;

   @BeforeAll
   static void table() throws SQLException {
      database = ExternalServer.get().root();
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE IF NOT EXISTS replay_held (id INT PRIMARY KEY, v INT NOT NULL)");
         st.execute("INSERT IGNORE INTO replay_held SELECT seq, seq FROM seq_1_to_1000");
      }
   }

   /**
    * A Capture run folder written by hand: {@code TRANSACTIONS} transactions over {@code SECONDS} seconds on four
    * connections, each of {@code statements} (the first its start, the last its commit) {@code gapMicros} apart.
    */
   private static Path capture(String name, List<String> statements, long gapMicros) throws IOException {
      Path folder = Files.createDirectories(Path.of(System.getProperty("lab.results"), "held-" + name + "-Capture"));
      StringBuilder text = new StringBuilder("jdbc-pool-lab capture 1 mysql " + (long) (SECONDS * 1e6) + "\n");
      for (int i = 0; i < TRANSACTIONS; i++) {
         long start = (long) (i * SECONDS * 1e6 / TRANSACTIONS);
         for (int s = 0; s < statements.size(); s++) {
            text.append(100 + i % 4).append('\t').append(start + s * gapMicros).append('\t')
                  .append(statements.get(s).replace("#", Integer.toString(i % 1000 + 1))).append('\n');
         }
      }
      Files.writeString(folder.resolve("capture.txt"), text);
      Files.writeString(folder.resolve("summary.json"), "{\"server\" : null}");
      return folder;
   }

   private static GatlingRun.Result replay(Path capture, String pools) {
      return GatlingRun.run(Replay.class, target(database, Map.of("capture", capture.toString(), "speed", "1",
            "pools", pools, "sloP99Ms", "400")), false);
   }

   @Test
   @SuppressWarnings("unchecked")
   void aReplayedTransactionHoldsItsConnectionAsLongAsTheApplicationsDidAndTheAnswerIsTheDatabases()
         throws IOException {
      List<String> statements = new ArrayList<>(List.of("START TRANSACTION"));
      for (int i = 0; i < SELECTS; i++) {
         statements.add("SELECT v FROM replay_held WHERE id = #");
      }
      statements.add("COMMIT");
      GatlingRun.Result run = replay(capture("gaps", statements, GAP_MICROS), "2,4");
      Map<String, Object> summary = run.summary();
      double captured = (SELECTS + 1) * GAP_MICROS / 1e3;
      assertEquals(captured, number(summary, "capturedHeldMeanMs"), 1e-9);
      Map<String, Object> step = run.step("replay 1x", 4);
      within(captured, number(step, "heldMedianMs"), "the median", step);
      assertTrue(number(step, "lateMeanMs") < 0.2 * captured, step.toString());
      // other work on the machine delays some statements by milliseconds, which the mean counts: the step says so
      if (!Boolean.TRUE.equals(((Map<String, Object>) step.get("machine")).get("disturbed"))) {
         within(captured, number(step, "heldMeanMs"), "the mean", step);
         assertEquals(0, run.exitCode(), run.console());
         assertNull(summary.get("provisional"));
         assertEquals(List.of(false), ((List<Map<String, Object>>) summary.get("answers")).stream()
               .map(a -> a.get("provisional")).toList());
      }
      assertTrue(number((Map<String, Object>) step.get("clientCpu"), "microsPerOp") > 0,
            "the client's CPU per request: " + step);
      assertTrue(((Map<String, Object>) step.get("database")).get("samples") instanceof Number n
            && n.intValue() > 0, "the database's activity: " + step);
   }

   @Test
   @SuppressWarnings("unchecked")
   void aReplayWhoseStatementsRunSlowerThanTheApplicationsIsProvisionalSaysSoFirstAndExitsWithFive()
         throws IOException {
      GatlingRun.Result run = replay(capture("slow", List.of("START TRANSACTION", "SELECT SLEEP(0.005)", "COMMIT"),
            100), "4");
      assertEquals(Exit.PROVISIONAL, run.exitCode(), run.console());
      Map<String, Object> summary = run.summary();
      String why = (String) summary.get("provisional");
      assertTrue(why != null && why.contains("replayed transactions held") && why.contains("against the "
            + "application's 0.200 ms"), summary.toString());
      assertTrue(((String) summary.get("headroom")).startsWith("provisional: " + why + ". "), summary.toString());
      assertEquals(List.of(true), ((List<Map<String, Object>>) summary.get("answers")).stream()
            .map(a -> a.get("provisional")).toList());
      assertEquals(Exit.PROVISIONAL, summary.get("exitCode"));
      assertEquals("complete", summary.get("state"));
   }

   private static void within(double capturedMs, double heldMs, String what, Map<String, Object> step) {
      assertTrue(Math.abs(heldMs - capturedMs) <= 0.2 * capturedMs, "replayed transactions held " + heldMs
            + " ms (" + what + "), the application's " + capturedMs + " ms: " + step);
   }
}
