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

/** The engine's rooms, lowest first: a room may use only the rooms before it, by import or by full name. */
class RoomsTest {
   private static final List<String> ROOMS = List.of("redact", "files", "options", "db", "pools", "workloads",
         "capture", "reference", "settings", "measure", "load", "analysis", "report", "results", "gatling",
         "runoptions", "run", "engines");
   private static final Path ENGINE = Path.of("src/main/java/jdbcpoollab");
   /** An import, or a fully qualified name anywhere else in the text (code, javadoc), of a class in some room. */
   private static final Pattern REFERENCE = Pattern.compile(
         "^import\\s+(?:static\\s+)?jdbcpoollab\\.(\\w+)[.;]|(?<![\\w.])jdbcpoollab\\.([a-z]\\w*)\\.[A-Za-z]",
         Pattern.MULTILINE);
   private static final Pattern PACKAGE = Pattern.compile("^package\\s+[\\w.]+;", Pattern.MULTILINE);

   @Test
   void everyRoomUsesOnlyRoomsBeforeIt() throws IOException {
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
         references(room, Files.readString(file)).forEach(r -> wrong.add(file + ": " + r));
      }
      assertEquals(List.of(), wrong, "references that point up:\n" + String.join("\n", wrong));
   }

   @Test
   void aFullyQualifiedNameCountsAsMuchAsAnImport() {
      String source = """
            package jdbcpoollab.measure;

            import jdbcpoollab.db.Database;
            import static jdbcpoollab.redact.Redactor.text;

            /** Read by {@link jdbcpoollab.files.Json}. */
            final class Sample {
               private jdbcpoollab.report.Table table;
               void run() { jdbcpoollab.run.Lab.class.getName(); }
               String name = "myjdbcpoollab.run.Lab";
            }
            """;
      assertEquals(List.of("jdbcpoollab.report.T (measure may not use report)",
            "jdbcpoollab.run.L (measure may not use run)"), references("measure", source));
   }

   /** Each reference of {@code source}, a file of {@code room}, to a room after it. */
   private static List<String> references(String room, String source) {
      List<String> wrong = new ArrayList<>();
      Matcher m = REFERENCE.matcher(PACKAGE.matcher(source).replaceFirst(""));
      while (m.find()) {
         String used = m.group(1) != null ? m.group(1) : m.group(2);
         if (!ROOMS.contains(used) || ROOMS.indexOf(used) > ROOMS.indexOf(room)) {
            wrong.add(m.group().trim() + " (" + room + " may not use " + used + ")");
         }
      }
      return wrong;
   }
}
