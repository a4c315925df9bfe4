package jdbcpoollab.results;

import jdbcpoollab.files.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A run whose JVM was killed (SIGKILL, a crash, the machine stopping) could not say so: its summary stays
 * {@code running}. The next run on the same results folder finds such runs by the pid they recorded and marks them
 * {@code killed}, keeping the steps they finished.
 */
public final class KilledRuns {

   private KilledRuns() {
   }

   /**
    * @param warn told why, when the folder cannot be checked
    * @return the run folders marked killed now
    */
   public static List<Path> mark(Path results, Consumer<String> warn) {
      List<Path> marked = new ArrayList<>();
      if (!Files.isDirectory(results)) {
         return marked;
      }
      try (Stream<Path> dirs = Files.list(results)) {
         for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).sorted().toList()) {
            Map<String, Object> summary;
            try {
               summary = new LinkedHashMap<>(Json.read(dir.resolve("summary.json")));
            } catch (RuntimeException e) {
               warn.accept("skipped " + dir + " when checking for killed runs: its summary.json cannot be read ("
                     + e.getMessage() + ")");
               continue;
            }
            if (!"running".equals(summary.get("state")) || !(summary.get("pid") instanceof Number pid)
                  || ProcessHandle.of(pid.longValue()).map(ProcessHandle::isAlive).orElse(false)) {
               continue;
            }
            summary.put("state", "killed");
            summary.remove("pid");
            summary.putIfAbsent("error", "the run's JVM (pid " + pid.longValue() + ") ended without a word: killed "
                  + "(SIGKILL), crashed or the machine stopped; the steps it finished are kept");
            Json.write(dir.resolve("summary.json"), summary);
            marked.add(dir);
         }
      } catch (IOException | RuntimeException e) {
         warn.accept("could not check " + results + " for killed runs: " + e);
      }
      return marked;
   }
}
