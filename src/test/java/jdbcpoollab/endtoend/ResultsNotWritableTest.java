package jdbcpoollab.endtoend;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.Command;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Row "results folder not writable / disk full": one line before the load starts (exit 73), and a full disk never
 * leaves half a JSON file. A full disk is a real one: a 32 KiB tmpfs (needs root, as the tests run on CI).
 */
class ResultsNotWritableTest {
   @TempDir
   Path tmp;
   private Path mounted;

   @AfterEach
   void unmount() {
      if (mounted != null) {
         run("umount", mounted.toString());
      }
   }

   @Test
   void aResultsFolderThatCannotBeCreatedStopsTheRunBeforeTheDatabase() throws IOException {
      Path notAFolder = Files.writeString(tmp.resolve("results"), "a file where the results folder should be");
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("lab.results", notAFolder.toString(),
            "pools", "1", "seconds", "1"), false);
      assertEquals(Exit.RESULTS_NOT_WRITABLE, run.exitCode());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: results folder " + notAFolder), run.failure());
      assertTrue(run.failure().contains(" is not writable: "), run.failure());
      assertFalse(run.console().contains("jdbc-pool-lab: MySQL"), "no database was started:\n" + run.console());
   }

   @Test
   void throughMavenTheLabSaysItBeforeGatlingsPluginDoes() throws IOException {
      Path notAFolder = Files.writeString(tmp.resolve("results"), "a file where the results folder should be");
      Path home = tmp.resolve("home");
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("mvn.log"), "gatling:test", "-Dsim=PoolSweep",
            "-Dmaven.test.skip=true", "-Dlab.home=" + home, "-Dlab.results=" + notAFolder, "-Dpools=1")) {
         assertEquals(Exit.RESULTS_NOT_WRITABLE, mvn.waitFor(Duration.ofMinutes(2)), mvn.output());
         assertEquals("jdbc-pool-lab: results folder " + notAFolder + " is not writable: " + notAFolder
               + " is a file, not a folder (exit code 73)", BadInputTest.onlyLabLine(mvn.output()));
         assertFalse(mvn.output().contains("resultsFolder"), "the plugin never got to it:\n" + mvn.output());
         assertFalse(mvn.output().contains("Running simulation"), "Gatling must not start:\n" + mvn.output());
      }
      assertFalse(Files.exists(home), "no database may be started");
   }

   @Test
   void aFullDiskStopsTheRunBeforeTheLoadAndNeverLeavesHalfAFile() throws Exception {
      Path disk = smallDisk("32k");

      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("lab.results", disk.toString(),
            "pools", "1", "seconds", "1"), false);
      assertEquals(Exit.RESULTS_NOT_WRITABLE, run.exitCode());
      assertTrue(run.failure().contains("No space left on device"), run.failure());
      assertFalse(run.console().contains("jdbc-pool-lab: MySQL"), "no database was started:\n" + run.console());

      Path summary = disk.resolve("summary.json");
      Json.write(summary, Map.of("state", "running", "steps", 1));
      byte[] before = Files.readAllBytes(summary);
      assertThrows(UncheckedIOException.class, () -> AtomicFile.write(summary, new byte[256 * 1024]));
      assertArrayEquals(before, Files.readAllBytes(summary), "the last complete version stays");
      assertEquals("running", Json.read(summary).get("state"));
      assertNoTemporaryFile(disk);
   }

   @Test
   void aDiskThatFillsUpDuringTheRunKeepsTheLastCompleteSummaryAndExits74() throws Exception {
      Path disk = smallDisk("256k");
      Thread filler = new Thread(() -> {
         // after the run's first write, all of it (summary.json first, summary.md among the last), and before its
         // next, at least a 1 s window later: filled in the middle of the first, the run could not start (73)
         GatlingRun.awaitRunFolder(disk, Set.of(), f -> Files.exists(f.resolve("summary.md")), "wrote summary.md");
         LabProcess.sleep(200);
         try {
            Files.write(disk.resolve("filler"), new byte[1024 * 1024]);
         } catch (IOException expected) {
            // the disk is full now
         }
      });
      filler.start();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("lab.results", disk.toString(),
            "pools", "1,2", "seconds", "1", "warmup", "0", "workloads", "wait"), false);
      filler.join();
      assertEquals(Exit.RESULTS_LOST, run.exitCode(), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: cannot write " + run.folder().resolve("summary.json")),
            run.console());
      assertTrue(run.console().contains("No space left on device"), run.console());
      assertEquals("running", run.summary().get("state"), "the last complete summary, written before the disk filled");
      assertNoTemporaryFile(disk);
   }

   @Test
   void aDiskThatFillsUpWithGatlingsReportEndsWithOneLineAndExit74() throws Exception {
      Path disk = smallDisk("400k");
      // the test JVM's server, by URL: the Gatling JVM starts no server of its own, which the report's end needs not
      ExternalServer server = ExternalServer.get();
      Map<String, String> props = new HashMap<>(Map.of("lab.home", tmp.resolve("home").toString(),
            "lab.results", disk.toString(), "lab.gatlingResults", disk.resolve("gatling").toString(), "pools", "1",
            "users", "1", "seconds", "0.3", "warmup", "0", "workloads", "wait"));
      props.putAll(Map.of("db.url", server.url(), "db.user", "root"));
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, props, Map.of(), tmp.resolve("run.log"))) {
         assertEquals(Exit.RESULTS_LOST, gatling.waitFor(Duration.ofMinutes(2)), gatling.output());
         String output = gatling.output();
         assertFalse(output.lines().anyMatch(l -> l.startsWith("\tat ")), output);
         assertFalse(output.contains("Gatling report "), "Gatling's report is not there:\n" + output);
         List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
         assertEquals("jdbc-pool-lab: Gatling wrote no report: No space left on device (exit code 74)",
               lines.get(lines.size() - 1), output);
      }
   }

   /** A real file system of the given size (a tmpfs), skipped where mounting is not allowed. */
   private Path smallDisk(String size) throws IOException {
      Path disk = Files.createDirectories(tmp.resolve("disk"));
      assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", disk.toString()),
            "mounting a small tmpfs needs root");
      mounted = disk;
      return disk;
   }

   private static void assertNoTemporaryFile(Path disk) throws IOException {
      try (var files = Files.walk(disk)) {
         assertEquals(0, files.filter(f -> f.getFileName().toString().endsWith(".tmp")).count(),
               "no temporary file is left");
      }
   }

   private static boolean run(String... command) {
      return Command.run(List.of(command), null, Map.of(), Duration.ofSeconds(30)).exitCode() == 0;
   }
}
