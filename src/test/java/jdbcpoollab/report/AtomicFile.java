package jdbcpoollab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file through a temporary sibling and a rename, so a reader never sees half of it. */
public final class AtomicFile {
   private AtomicFile() {
   }

   public static void write(Path file, String content) {
      write(file, content.getBytes(StandardCharsets.UTF_8));
   }

   public static void write(Path file, byte[] content) {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      try {
         Files.write(tmp, content);
         Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
      }
   }
}
