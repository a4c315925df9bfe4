package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's rooms, lowest first: a room may import only the rooms before it. */
class RoomsTest {
   private static final List<String> ROOMS = List.of("redact", "files", "options", "db", "pools", "workloads",
         "settings", "measure", "load", "analysis", "report", "results", "gatling", "run");
   private static final Path ENGINE = Path.of("src/main/java/jdbcpoollab");
   private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?jdbcpoollab\\.(\\w+)[.;]",
         Pattern.MULTILINE);

   @Test
   void everyRoomImportsOnlyRoomsBeforeIt() throws IOException {
      List<String> wrong = new ArrayList<>();
      List<Path> files;
      try (Stream<Path> walk = Files.walk(ENGINE)) {
         files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      }
      assertTrue(files.size() > 0, "no source under " + ENGINE.toAbsolutePath());
      for (Path file : files) {
         Path relative = ENGINE.relativize(file);
         String room = relative.getNameCount() > 1 ? relative.getName(0).toString() : "";
         if (!ROOMS.contains(room)) {
            wrong.add(file + ": in no room (the rooms are " + ROOMS + ")");
            continue;
         }
         Matcher m = IMPORT.matcher(Files.readString(file));
         while (m.find()) {
            String imported = m.group(1);
            if (!ROOMS.contains(imported) || ROOMS.indexOf(imported) > ROOMS.indexOf(room)) {
               wrong.add(file + ": " + m.group().trim() + " (" + room + " may not import " + imported + ")");
            }
         }
      }
      assertEquals(List.of(), wrong, "imports that point up:\n" + String.join("\n", wrong));
   }
}
