package jdbcpoollab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the report folder Gatling wrote for this run, under {@code -Dlab.gatlingResults}. */
final class GatlingReport {
   private GatlingReport() {
   }

   /** The newest {@code <simulation>-*} folder written since the run started (a minute's grace), if any. */
   static Optional<Path> folder(String simulation, long startedAtMillis) {
      Path root = Path.of(System.getProperty("lab.gatlingResults", "results/gatling"));
      String prefix = simulation.toLowerCase(Locale.ROOT) + "-";
      if (!Files.isDirectory(root)) {
         return Optional.empty();
      }
      try (Stream<Path> dirs = Files.list(root)) {
         return dirs.filter(d -> d.getFileName().toString().startsWith(prefix))
               .filter(d -> d.toFile().lastModified() >= startedAtMillis - 60_000)
               .max((a, b) -> Long.compare(a.toFile().lastModified(), b.toFile().lastModified()));
      } catch (IOException e) {
         return Optional.empty();
      }
   }
}
