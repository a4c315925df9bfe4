package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Preflight;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.Jdks;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * -Dthreads=virtual: on a JDK 21+ found on the machine each user's loop runs on a virtual thread and the step counts
 * its pinned ones; on the Java 17 the lab is built for, it is refused with one line before any database starts.
 */
class RunsOnVirtualThreadsTest {
   private static final int USERS = 300;

   @TempDir
   Path tmp;

   @Test
   @SuppressWarnings("unchecked")
   void everyUserOfAStepRunsOnAVirtualThreadAndItsPinnedThreadsAreCounted() throws Exception {
      Optional<Path> jdk = Jdks.atLeast(21);
      assumeTrue(jdk.isPresent(), "skipped: no JDK 21 or newer in " + Jdks.WHERE + ", which virtual threads need");
      // the test JVM's server, by URL: the JVM on the JDK 21+ starts no server of its own, which its threads are not
      ExternalServer server = ExternalServer.get();
      Map<String, String> props = new HashMap<>(Map.of("lab.home", tmp.resolve("home").toString(),
            "lab.results", tmp.toString(), "lab.gatlingResults", tmp.resolve("gatling").toString(),
            "threads", "virtual", "users", Integer.toString(USERS), "pools", "4", "seconds", "1", "warmup", "0.3",
            "workloads", "wait"));
      props.putAll(Map.of("db.url", server.url(), "db.user", "root"));
      try (LabProcess gatling = LabProcess.gatling(jdk.get(), PoolSweep.class, props, Map.of(),
            tmp.resolve("run.log"))) {
         assertEquals(0, gatling.waitFor(Duration.ofMinutes(2)), gatling.output());
      }
      Path run;
      try (var folders = Files.list(tmp)) {
         run = folders.filter(f -> f.getFileName().toString().endsWith("-PoolSweep")).findFirst().orElseThrow();
      }
      Map<String, Object> summary = Json.read(run.resolve("summary.json"));
      List<Map<String, Object>> steps = (List<Map<String, Object>>) summary.get("steps");
      Map<String, Object> step = steps.get(0);
      assertEquals("wait threads=virtual", step.get("workload"), step.toString());
      Map<String, Object> threads = (Map<String, Object>) step.get("userThreads");
      assertNotNull(threads, step.toString());
      assertEquals("virtual", threads.get("kind"));
      assertEquals(USERS, ((Number) threads.get("onVirtual")).intValue(), "every user's loop on a virtual thread");
      assertTrue(threads.get("pinned") instanceof Number, "pinned threads counted: " + threads);
      assertTrue(((Number) step.get("ok")).longValue() > 0, step.toString());
      assertEquals("virtual", ((Map<String, Object>) summary.get("settings")).get("threads"), summary.toString());
      String page = Files.readString(run.resolve("index.html"));
      assertTrue(page.contains("Application shapes"));
      assertTrue(page.contains("so the pool is the application"), "the page says how the"
            + " answer changes on virtual threads");
   }

   @Test
   void virtualThreadsOnJava17AreRefusedWithOneLineBeforeAnyDatabaseStarts() {
      int java = Runtime.version().feature();
      assumeTrue(java < 21, "skipped: the test JVM is Java " + java + ", which has virtual threads");
      List<String> simulations = List.of("PoolSweep", "RateSweep", "CpoolCompare");
      // the three preflights start together and are judged in turn
      List<LabProcess> preflights = simulations.stream().map(simulation -> LabProcess.main(Preflight.class,
            Map.of("threads", "virtual", "lab.home", tmp.resolve("home-" + simulation).toString()),
            tmp.resolve(simulation + ".log"), simulation)).toList();
      for (int i = 0; i < simulations.size(); i++) {
         String simulation = simulations.get(i);
         Path home = tmp.resolve("home-" + simulation);
         try (LabProcess preflight = preflights.get(i)) {
            assertEquals(Exit.BAD_OPTION, preflight.waitFor(Duration.ofMinutes(1)), preflight.output());
            assertEquals("jdbc-pool-lab: bad option -Dthreads=virtual: virtual threads need Java 21 or newer, and the"
                  + " load test's JVM is Java " + java + " (-Dlab.java=/path/to/jdk runs it on another JDK, see"
                  + " docs/shapes.md) (exit code 64)", BadInputTest.onlyLabLine(preflight.output()), simulation);
         }
         assertFalse(Files.exists(home), simulation + ": no database may be started");
      }
   }
}
