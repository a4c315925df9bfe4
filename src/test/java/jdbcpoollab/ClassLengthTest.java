package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small classes: no source file of the engine or its tests grows past {@value #MAX_LINES} lines. */
class ClassLengthTest {
   private static final int MAX_LINES = 350;

   @Test
   void noSourceFileIsLongerThanTheLimit() throws IOException {
      List<Path> files;
      try (Stream<Path> walk = Files.walk(Path.of("src"))) {
         files = walk.filter(p -> p.toString().endsWith(".java")).toList();
      }
      assertTrue(files.size() > 300, "sources found: " + files.size());
      List<String> tooLong = files.stream().filter(f -> lines(f) > MAX_LINES).map(f -> f + ": " + lines(f)).toList();
      assertEquals(List.of(), tooLong, "files over " + MAX_LINES + " lines");
   }

   private static long lines(Path file) {
      try (Stream<String> lines = Files.lines(file)) {
         return lines.count();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
