package jdbcpoollab.run;

import jdbcpoollab.options.LabProperties;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the report folder Gatling writes for this run, under {@code -Dlab.gatlingResults}. */
final class GatlingReport {
   private static final Path OPEN_FILES = Path.of("/proc/self/fd");

   private GatlingReport() {
   }

   /**
    * The folder of the {@code simulation.log} this JVM has open, while Gatling writes it (during the load): the one
    * Gatling writes for this run, even when other runs share the results folder. Empty where open files cannot be
    * listed (not Linux).
    */
   static Optional<Path> writing(String simulation) {
      Path root = root();
      if (!Files.isDirectory(OPEN_FILES) || !Files.isDirectory(root)) {
         return Optional.empty();
      }
      return ownLog(root, simulation.toLowerCase(Locale.ROOT) + "-");
   }

   /** The newest {@code <simulation>-*} folder written since the run started (a minute's grace), if any. */
   static Optional<Path> newest(String simulation, long startedAtMillis) {
      Path root = root();
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

   private static Path root() {
      return Path.of(LabProperties.gatlingResults()).toAbsolutePath().normalize();
   }

   private static Optional<Path> ownLog(Path root, String prefix) {
      try (Stream<Path> fds = Files.list(OPEN_FILES)) {
         return fds.map(GatlingReport::target).flatMap(Optional::stream)
               .filter(f -> f.getFileName() != null && f.getFileName().toString().equals("simulation.log"))
               .map(Path::getParent)
               .filter(d -> d != null && root.equals(d.getParent()) && d.getFileName().toString().startsWith(prefix))
               .findFirst();
      } catch (IOException e) {
         return Optional.empty();
      }
   }

   private static Optional<Path> target(Path fd) {
      try {
         return Optional.of(Files.readSymbolicLink(fd));
      } catch (IOException | UnsupportedOperationException e) {
         return Optional.empty();
      }
   }
}
