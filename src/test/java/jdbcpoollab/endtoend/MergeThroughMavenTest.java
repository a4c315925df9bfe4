package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
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
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Merge as the docs start it, {@code mvn gatling:test -Dsim=Merge -Dmerge=…} (with the outer run's offline mode and
 * repository): Maven's preflight merges the runs, writes one run folder and ends Maven with 0, Gatling never started.
 * The runs are two the test writes, of one plan measured at the same time, named as docs/merge.md names them; what a
 * merge of measured runs must measure is {@link MergeIntegrationTest}'s.
 */
class MergeThroughMavenTest {
   @TempDir
   Path tmp;

   @Test
   void mavensPreflightMergesARunNamedByItsFolderAndOneByItsPath() throws IOException {
      Path results = tmp.resolve("results");
      Path a = results.resolve("20250101-120000-PoolSweep");
      Path b = results.resolve("20250101-120001-PoolSweep");
      WrittenRun.write(a);
      WrittenRun.write(b);

      Set<Path> before = GatlingRun.runFolders(results);
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("merge.log"), "gatling:test", "-Dsim=Merge",
            "-Dmaven.test.skip=true", "-Dlab.home=" + tmp.resolve("home"), "-Dlab.results=" + results,
            "-Dmerge=" + a.getFileName() + "," + b)) {
         assertEquals(0, mvn.waitFor(Duration.ofMinutes(2)), mvn.output());
         assertTrue(mvn.output().contains("jdbc-pool-lab: merged run "), mvn.output());
      }
      Set<Path> after = GatlingRun.runFolders(results);
      after.removeAll(before);
      assertEquals(1, after.size(), after.toString());
      Path merged = after.iterator().next();
      assertTrue(Files.isRegularFile(merged.resolve("index.html")));
      assertEquals(List.of(a.getFileName().toString(), b.getFileName().toString()),
            ((Map<?, ?>) Json.read(merged.resolve("summary.json")).get("settings")).get("mergedFrom"));
   }
}
