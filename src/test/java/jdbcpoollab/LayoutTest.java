package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layout as docs/layout.md draws it, held to the code: each room's files and the rooms it imports, as its table of
 * rooms gives them; the three rooms of a run small (options, lifecycle, engines); HikariCP named only where a pool is
 * built or measured.
 */
class LayoutTest {
   private static final Path ENGINE = Path.of("src/main/java/jdbcpoollab");
   private static final Path LAYOUT = Path.of("docs/layout.md");
   /** The rooms a run is made of, each kept to a newcomer's reading. */
   private static final List<String> RUN_ROOMS = List.of("runoptions", "run", "engines");
   private static final int MAX_FILES = 30;
   private static final int MAX_LINES = 300;
   /** Where HikariCP's own classes may be named: the pool libraries, and the hook that counts its bag's returns. */
   private static final Set<String> HIKARI_ALLOWED = Set.of("pools/", "load/PoolReturns.java");
   /** A row of layout.md's table of rooms: | `room/` | files | `a/`, `b/` |. */
   private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)/` \\| (\\d+) \\| ([^|]*)\\|", Pattern.MULTILINE);
   private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?jdbcpoollab\\.(\\w+)\\.",
         Pattern.MULTILINE);

   @Test
   void theRoomsOfARunAreSmall() throws IOException {
      List<String> wrong = new ArrayList<>();
      for (String room : RUN_ROOMS) {
         List<Path> files = sources(ENGINE.resolve(room));
         if (files.size() > MAX_FILES) {
            wrong.add(room + "/: " + files.size() + " files, more than " + MAX_FILES);
         }
         files.stream().filter(f -> lines(f) > MAX_LINES).forEach(f -> wrong.add(f + ": " + lines(f) + " lines"));
      }
      assertEquals(List.of(), wrong);
   }

   @Test
   void theTableOfRoomsIsTheCode() throws IOException {
      Map<String, String> drawn = new TreeMap<>();
      Matcher m = ROW.matcher(Files.readString(LAYOUT));
      while (m.find()) {
         drawn.put(m.group(1), m.group(2) + " files, imports " + rooms(m.group(3)));
      }
      Map<String, String> code = new TreeMap<>();
      try (Stream<Path> rooms = Files.list(ENGINE)) {
         for (Path room : rooms.filter(Files::isDirectory).toList()) {
            Set<String> imported = new TreeSet<>();
            List<Path> files = sources(room);
            for (Path file : files) {
               Matcher i = IMPORT.matcher(Files.readString(file));
               while (i.find()) {
                  imported.add(i.group(1));
               }
            }
            String name = room.getFileName().toString();
            imported.remove(name);
            code.put(name, files.size() + " files, imports " + imported);
         }
      }
      assertEquals(code, drawn, "docs/layout.md's table of rooms against the code");
   }

   @Test
   void hikariCpIsNamedOnlyWherePoolsAreBuiltOrMeasured() throws IOException {
      List<String> named = new ArrayList<>();
      for (Path file : sources(ENGINE)) {
         String relative = ENGINE.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
         if (Files.readString(file).contains("com.zaxxer") && HIKARI_ALLOWED.stream().noneMatch(relative::startsWith)) {
            named.add(relative);
         }
      }
      assertEquals(List.of(), named);
   }

   /** A field, parameter or record component (not a local reading JSON back) of a settings record or a step. */
   @Test
   void noSettingOrStepIsAPlainObject() throws IOException {
      Pattern untyped = Pattern.compile("\\bObject\\s+(\\w*[Ss]ettings|\\w*[Ss]tep)\\s*[;,)]");
      List<String> found = new ArrayList<>();
      for (Path file : sources(ENGINE)) {
         Matcher m = untyped.matcher(MutualUseTest.code(Files.readString(file)));
         while (m.find()) {
            found.add(file + ": " + m.group());
         }
      }
      assertEquals(List.of(), found);
   }

   /** {@code `a/`, `b/`} as the sorted set [a, b]; a dash for none. */
   private static Set<String> rooms(String cell) {
      Set<String> rooms = new TreeSet<>();
      Matcher m = Pattern.compile("`(\\w+)/`").matcher(cell);
      while (m.find()) {
         rooms.add(m.group(1));
      }
      return rooms;
   }

   private static List<Path> sources(Path folder) throws IOException {
      try (Stream<Path> walk = Files.walk(folder)) {
         List<Path> files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
         assertTrue(!files.isEmpty(), "no source under " + folder.toAbsolutePath());
         return files;
      }
   }

   private static long lines(Path file) {
      try (Stream<String> lines = Files.lines(file)) {
         return lines.count();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
