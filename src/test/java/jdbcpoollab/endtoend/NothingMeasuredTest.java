package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rows "no operation inside any window" and "a step with no successful operation", with Gatling's report on: a window
 * shorter than the statement, a pool too small for its acquire timeout, and a table dropped while the run reads it.
 */
class NothingMeasuredTest {

   @Test
   void aWindowShorterThanTheStatementEndsWithOneLineAndNoDeadLink() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "users", "2", "seconds", "0.5",
            "warmup", "0", "workloads", "wait", "sleepMs", "1500"), true);
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: no operation ended inside any measured window of 1 step(s)"),
            run.failure());
      assertFalse(run.console().contains("There were no requests sent during the simulation"), run.console());
      Map<String, Object> summary = run.summary();
      assertEquals("failed", summary.get("state"));
      assertNull(summary.get("gatlingReport"), summary.toString());
      assertEquals(0.0, number(run.step("wait", 1), "ok"));
      assertNoNaN(run.folder());
   }

   @Test
   void aThinkTimeLongerThanTheWindowIsNamedAsACause() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "users", "2", "seconds", "0.5",
            "warmup", "0.2", "workloads", "wait", "thinkMs", "3600000"), true);
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      assertTrue(run.failure().contains("think time") && run.failure().contains("-DthinkMs"), run.failure());
   }

   @Test
   void aStepWithoutOneSuccessfulOperationFailsTheRun() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "users", "4", "seconds", "1",
            "warmup", "0", "workloads", "wait", "sleepMs", "2500", "connectionTimeoutMs", "250"), true);
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      Map<String, Object> step = run.step("wait", 1);
      assertEquals(0.0, number(step, "ok"), step.toString());
      assertTrue(number(step, "ko") > 0, step.toString());
      assertEquals("incomplete", run.summary().get("state"));
      assertTrue(run.console().contains("no successful operation"), run.console());
      assertNoNaN(run.folder());
   }

   @Test
   void aTableDroppedDuringTheWarmUpFailsTheRunWithoutNaN() throws Exception {
      ExternalServer server = ExternalServer.get();
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE demo.gone (x INT)");
         st.execute("INSERT INTO demo.gone VALUES (1)");
      }
      CompletableFuture<Void> dropper = CompletableFuture.runAsync(() -> {
         DatabaseLostTest.awaitQueries(server.root(), "%FROM gone%");
         try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE demo.gone");
         } catch (SQLException e) {
            throw new IllegalStateException(e);
         }
      });
      // the statement takes 20 ms, so the dropper sees it in the server's process list during the 3 s warm-up
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("db.url", server.url(), "db.user", "root",
            "pools", "2", "users", "4", "seconds", "1", "warmup", "3", "workloads", "custom",
            "sql", "SELECT x, SLEEP(0.02) FROM gone"), true);
      dropper.get(1, TimeUnit.MINUTES);

      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      Map<String, Object> step = run.step("custom", 2);
      assertEquals(0.0, number(step, "ok"), step.toString());
      assertTrue(number(step, "ko") > 0, step.toString());
      assertTrue(step.get("errors").toString().contains("doesn't exist"), step.toString());
      assertEquals("incomplete", run.summary().get("state"));
      assertTrue(run.console().contains("no successful operation in custom pool=2"), run.console());
      assertNoNaN(run.folder());
   }

   private static void assertNoNaN(Path folder) throws IOException {
      try (Stream<Path> files = Files.walk(folder)) {
         for (Path file : files.filter(Files::isRegularFile).toList()) {
            String name = file.getFileName().toString();
            if (name.endsWith(".html") || name.endsWith(".md") || name.endsWith(".csv")) {
               assertFalse(Files.readString(file).contains("NaN"), "NaN in " + file);
            }
         }
      }
   }
}
