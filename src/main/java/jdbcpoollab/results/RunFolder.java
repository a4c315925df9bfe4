package jdbcpoollab.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** {@code results/<timestamp>-<simulation>/}: where one run's summaries go. */
public final class RunFolder {
   private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

   private final Path dir;

   private RunFolder(Path dir) {
      this.dir = dir;
   }

   /** Creates the folder and proves it is writable before any load starts. */
   public static RunFolder create(Path resultsRoot, String simulation, LocalDateTime now) {
      String base = STAMP.format(now) + "-" + simulation;
      Path dir = resultsRoot.resolve(base);
      for (int i = 2; Files.exists(dir); i++) {
         dir = resultsRoot.resolve(base + "-" + i);
      }
      proveWritable(dir);
      return new RunFolder(dir);
   }

   /**
    * Creates {@code dir} when missing and writes 64 KiB into it, so that a folder that is a file, has no permission or
    * sits on a full disk is found before anything starts.
    *
    * @throws IllegalStateException saying why it cannot be written
    */
   public static void proveWritable(Path dir) {
      Path probe = null;
      try {
         Files.createDirectories(dir);
         probe = Files.createTempFile(dir, ".probe", ".tmp");
         Files.write(probe, new byte[64 * 1024]);
      } catch (FileAlreadyExistsException e) {
         throw new IllegalStateException("results folder " + dir + " is not writable: " + e.getFile()
               + " is a file, not a folder", e);
      } catch (IOException e) {
         throw new IllegalStateException("results folder " + dir + " is not writable: " + e.getMessage(), e);
      } finally {
         if (probe != null) {
            try {
               Files.deleteIfExists(probe);
            } catch (IOException ignored) {
               // reported above if it mattered
            }
         }
      }
   }

   public Path dir() {
      return dir;
   }

   public Path file(String name) {
      return dir.resolve(name);
   }
}
