package jdbcpoollab.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file through a temporary sibling, flushed to disk, and a rename, so a reader never sees half of it: when
 * the disk is full or the process dies, the previous version stays whole and no temporary file is left behind.
 */
public final class AtomicFile {
   private AtomicFile() {
   }

   public static void write(Path file, String content) {
      write(file, content.getBytes(StandardCharsets.UTF_8));
   }

   public static void write(Path file, byte[] content) {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      try {
         try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
               StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
               channel.write(buffer);
            }
            channel.force(true);
         }
         Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
         try {
            Files.deleteIfExists(tmp);
         } catch (IOException ignored) {
            // the message below is what matters
         }
         throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
      }
   }
}
