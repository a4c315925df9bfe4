package jdbcpoollab.results;

import jdbcpoollab.files.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run left "running" by a JVM that is gone is marked killed, whatever else the results folder holds. */
class KilledRunsTest {
   @TempDir
   Path results;

   @Test
   void anUnreadableSummaryIsSkippedWithOneLineAndTheOthersAreStillChecked() throws IOException, InterruptedException {
      Process gone = new ProcessBuilder("true").start();
      gone.waitFor();
      Files.createDirectories(results.resolve("a-broken"));
      Files.writeString(results.resolve("a-broken/summary.json"), "{\"state\": \"running\", ");
      Files.createDirectories(results.resolve("b-killed"));
      Json.write(results.resolve("b-killed/summary.json"), Map.of("state", "running", "pid", gone.pid()));
      Files.createDirectories(results.resolve("c-alive"));
      Json.write(results.resolve("c-alive/summary.json"), Map.of("state", "running",
            "pid", ProcessHandle.current().pid()));

      List<String> warnings = new ArrayList<>();
      List<Path> marked = KilledRuns.mark(results, warnings::add);

      assertEquals(List.of(results.resolve("b-killed")), marked);
      assertEquals("killed", Json.read(results.resolve("b-killed/summary.json")).get("state"));
      assertEquals("running", Json.read(results.resolve("c-alive/summary.json")).get("state"));
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(warnings.get(0).startsWith("skipped " + results.resolve("a-broken")), warnings.get(0));
   }
}
