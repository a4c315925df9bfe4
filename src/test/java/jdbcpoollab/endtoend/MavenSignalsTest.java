package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.endtoend.SignalsTest.assertNoStackTrace;
import static jdbcpoollab.endtoend.SignalsTest.interruptedRunSteps;
import static jdbcpoollab.endtoend.SignalsTest.serverPid;
import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "Ctrl-C / SIGTERM" and two runs at once (the second takes a server of its own), with real signals to Maven,
 * which forked the Gatling JVM: to its process group, as a terminal's Ctrl-C, or to Maven alone, as an IDE's stop
 * button or a cancelled CI job.
 */
class MavenSignalsTest {
   private static final Path HOME = SignalsTest.HOME;

   @TempDir
   Path tmp;

   /** The Gatling JVM that holds the embedded server's lock. */
   private static long gatlingPid() throws IOException {
      return Long.parseLong(Files.readString(HOME.resolve(EmbeddedMariaDb.DEFAULT_INSTANCE + ".lock")).trim());
   }

   @Test
   void aSecondRunTakesAServerOfItsOwnThenCtrlCOnMavenStopsGatlingAndTheServer() throws IOException {
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("mvn.log"), "gatling:test", "-Dsim=PoolSweep",
            "-Dmaven.test.skip=true", "-Dlab.home=" + HOME, "-Dlab.results=" + tmp, "-Dpools=1", "-Dseconds=120",
            "-Dwarmup=0", "-Dusers=16", "-Dworkloads=wait")) {
         mvn.awaitOutput("[1/1] wait pool=1: pool filled", Duration.ofMinutes(3));
         long server = serverPid();
         long gatling = gatlingPid();

         GatlingRun.Result second = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "seconds", "1", "warmup",
               "0", "workloads", "wait"), false);
         assertEquals(0, second.exitCode(), second.console());
         // data2 unless a run of another checkout on this home holds it
         String moved = "jdbc-pool-lab: another run (pid " + gatling + ") is using the embedded MariaDB in "
               + HOME.resolve("data-" + EmbeddedMariaDb.VERSION) + "; this run starts its own in " + HOME + "/data";
         assertTrue(second.console().contains(moved), second.console());
         assertEquals("complete", second.summary().get("state"));
         assertTrue(LabProcess.alive(server), "the first run's server is untouched");
         assertEquals(server, serverPid(), "and still the one in the run's own folder");

         DatabaseLostTest.awaitSleepingQueries(DatabaseLostTest.embeddedServerOf(mvn.output()));
         LabProcess.sleep(500);
         mvn.signalGroup("INT");
         mvn.waitFor(Duration.ofSeconds(60));
         long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
         while ((LabProcess.alive(gatling) || LabProcess.alive(server)) && System.nanoTime() < deadline) {
            LabProcess.sleep(100);
         }
         assertFalse(LabProcess.alive(gatling), "the Gatling JVM ended");
         assertFalse(LabProcess.alive(server), "no orphan mariadbd");
         assertNoStackTrace(mvn.output());
      }
      List<Map<String, Object>> steps = interruptedRunSteps(tmp);
      assertEquals(1, steps.size(), "the step under way, partial");
      assertEquals(Boolean.FALSE, steps.get(0).get("complete"));
      assertTrue(number(steps.get(0), "ok") > 0, "what the step measured until then: " + steps);
   }

   @Test
   void sigtermToMavenAloneStopsItsGatlingJvmAndTheServer() throws IOException {
      stopMavenByItsPid("TERM");
   }

   @Test
   void sigintToMavenAloneStopsItsGatlingJvmAndTheServer() throws IOException {
      stopMavenByItsPid("INT");
   }

   /** As an IDE's stop button or a cancelled CI job: the signal reaches Maven, not its forked Gatling JVM. */
   private void stopMavenByItsPid(String signal) throws IOException {
      long gatling;
      long server;
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("mvn.log"), "gatling:test", "-Dsim=PoolSweep",
            "-Dmaven.test.skip=true", "-Dlab.home=" + HOME, "-Dlab.results=" + tmp, "-Dpools=1,2", "-Dseconds=60",
            "-Dwarmup=0", "-Dusers=8", "-Dworkloads=wait")) {
         mvn.awaitOutput("[1/2] wait pool=1: pool filled", Duration.ofMinutes(3));
         server = serverPid();
         gatling = gatlingPid();
         LabProcess.sleep(500);
         mvn.signal(signal);
         mvn.waitFor(Duration.ofSeconds(30));
         // the interrupted run writes its page and stops the server first: generous on a loaded machine
         long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
         while ((LabProcess.alive(gatling) || LabProcess.alive(server)) && System.nanoTime() < deadline) {
            LabProcess.sleep(100);
         }
         boolean gatlingAlive = LabProcess.alive(gatling);
         boolean serverAlive = LabProcess.alive(server);
         if (gatlingAlive) {
            LabProcess.kill("-KILL", Long.toString(gatling));
         }
         if (serverAlive) {
            LabProcess.kill("-KILL", Long.toString(server));
         }
         assertFalse(gatlingAlive, "the Gatling JVM ended with Maven:\n" + mvn.output());
         assertFalse(serverAlive, "no orphan mariadbd");
      }
      List<Map<String, Object>> steps = interruptedRunSteps(tmp);
      assertEquals(1, steps.size(), "the step under way, partial: " + steps);
      assertEquals(Boolean.FALSE, steps.get(0).get("complete"));
      GatlingRun.Result next = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "seconds", "0.5", "warmup", "0",
            "workloads", "wait"), false);
      assertEquals(0, next.exitCode(), "the next run is not refused:\n" + next.console());
   }
}
