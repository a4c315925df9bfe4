package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a run ends after its last step, when Gatling has nothing to report or the results folder cannot take the
 * report: the lab's own line and code come last, no stack trace, and no line points at a report that is not there.
 */
class GatlingEndTest {
   @TempDir
   Path tmp;

   @Test
   void aRunThatSentNoRequestEndsWithItsOwnLineAndCodeNotGatlingsStackTrace() {
      // a pool of 16 cannot open on 10 connections. DBCP2 fills its initialSize as it starts and fails at the first
      // connection refused, so the step is skipped at once; HikariCP would fill in the background until the lab's
      // fill limit (at least 10 s), which only delays the same end. The short acquire timeout bounds that limit too
      Map<String, String> props = new HashMap<>(Map.of("lab.home", EmbeddedMariaDb.defaultHome().toString(),
            "lab.results", tmp.toString(), "lab.gatlingResults", tmp.resolve("gatling").toString(),
            "pools", "16", "users", "2", "seconds", "0.5", "warmup", "0", "workloads", "wait",
            "db.serverOption", "max_connections=10", "connectionTimeoutMs", "1000"));
      props.put("source", "dbcp2");
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, props, Map.of(), tmp.resolve("run.log"))) {
         assertEquals(Exit.INCOMPLETE, gatling.waitFor(Duration.ofMinutes(2)), gatling.output());
         String output = gatling.output();
         assertFalse(output.contains("UnsupportedOperationException"), output);
         assertFalse(output.lines().anyMatch(l -> l.startsWith("\tat ")), output);
         assertFalse(output.contains("Gatling report "), "Gatling wrote no report:\n" + output);
         List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
         assertEquals("jdbc-pool-lab: Gatling wrote no report: There were no requests sent during the simulation, "
               + "reports won't be generated (exit code 3)", lines.get(lines.size() - 1), output);
      }
   }

   @Test
   void aPageThatCannotBeWrittenIsLostResultsExit74() throws Exception {
      Files.createDirectories(tmp.resolve("index.html"));
      // a window long enough for one operation on a busy machine: a step without one ends the run before the page
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("lab.results", tmp.toString(), "pools", "1",
            "users", "1", "seconds", "1", "warmup", "0", "workloads", "wait"), false);
      assertEquals(Exit.RESULTS_LOST, run.exitCode(), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: cannot write the report page: "), run.console());
      assertTrue(run.console().contains("the run will exit with code 74"), run.console());
   }
}
