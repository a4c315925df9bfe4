package jdbcpoollab;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Options are declared once and read through their declarations: no part of the engine outside the options room
 * reads an option by a name of its own, nor a system property at all.
 */
class OptionsReadOnceTest {
   private static final Path ENGINE = Path.of("src/main/java/jdbcpoollab");
   private static final Path OPTIONS_ROOM = ENGINE.resolve("options");
   /** A read of {@code Options} by a literal name, such as {@code o.integer("pool", …)}. */
   private static final Pattern LITERAL_READ = Pattern.compile(
         "\\.(integer|decimal|integers|choice|choices|string|given)\\(\\s*\"([^\"]*)\"");
   private static final Pattern SYSTEM_PROPERTY = Pattern.compile("System\\s*\\.\\s*(getProperty|getProperties)\\b");
   /** A read through a declaration, such as {@code o.read(Declared.POOL…)} or {@code o.given(Declared.REPEAT)}. */
   private static final Pattern DECLARED_READ = Pattern.compile(
         "\\.(read|given|string|integer|decimal)\\(\\s*Declared\\.([A-Z_0-9]+)\\b");
   /** A declaration, such as {@code Option.integer("pool", …)}. */
   private static final Pattern DECLARATION = Pattern.compile(
         "\\bOption\\s*\\.\\s*(integer|decimal|above|integers|text|choice|choices)\\(\\s*\"([^\"]*)\"");

   @Test
   void noOptionIsReadByALiteralNameOutsideTheOptionsRoom() throws IOException {
      List<String> wrong = new ArrayList<>();
      for (Path file : sources()) {
         if (!file.startsWith(OPTIONS_ROOM)) {
            literalReads(Files.readString(file)).forEach(r -> wrong.add(file + ": " + r));
         }
      }
      assertEquals(List.of(), wrong, "options read by name instead of through options/Declared:\n"
            + String.join("\n", wrong));
   }

   @Test
   void noSystemPropertyIsReadOutsideTheOptionsRoom() throws IOException {
      List<String> wrong = new ArrayList<>();
      for (Path file : sources()) {
         if (!file.startsWith(OPTIONS_ROOM) && SYSTEM_PROPERTY.matcher(Files.readString(file)).find()) {
            wrong.add(file.toString());
         }
      }
      assertEquals(List.of(), wrong, "system properties read outside options/ (use LabProperties or JvmFacts)");
   }

   @Test
   void eachDeclaredOptionIsReadInOneFile() throws IOException {
      Map<String, List<String>> readers = new TreeMap<>();
      for (Path file : sources()) {
         Matcher m = DECLARED_READ.matcher(Files.readString(file));
         while (m.find()) {
            List<String> files = readers.computeIfAbsent(m.group(2), n -> new ArrayList<>());
            if (!files.contains(file.toString())) {
               files.add(file.toString());
            }
         }
      }
      assertTrue(readers.size() > 60, "reads found: " + readers.keySet());
      readers.values().removeIf(files -> files.size() == 1);
      assertEquals(Map.of(), readers, "options read in more than one file");
   }

   @Test
   void eachOptionNameIsDeclaredInOnePlaceOnce() throws IOException {
      Map<String, List<String>> places = new TreeMap<>();
      for (Path file : sources()) {
         Matcher m = DECLARATION.matcher(Files.readString(file));
         while (m.find()) {
            places.computeIfAbsent(m.group(2), n -> new ArrayList<>()).add(file.toString());
         }
      }
      places.values().removeIf(p -> p.size() == 1 && p.get(0).equals(OPTIONS_ROOM.resolve("Declared.java")
            .toString()));
      assertEquals(Map.of(), places, "options declared outside options/Declared.java or more than once");
   }

   @Test
   void theDeclaredNamesDifferAndEachHasHelp() throws IllegalAccessException {
      Map<String, String> byName = new TreeMap<>();
      List<String> wrong = new ArrayList<>();
      for (Field field : Declared.class.getFields()) {
         if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof Option<?> option) {
            String before = byName.put(option.name(), field.getName());
            if (before != null) {
               wrong.add(option.name() + " is both " + before + " and " + field.getName());
            }
            if (option.help().isBlank()) {
               wrong.add(field.getName() + " has no help");
            }
         }
      }
      assertTrue(byName.size() > 60, "declared: " + byName.keySet());
      assertEquals(List.of(), wrong);
   }

   @Test
   void aReadByNameIsFoundWhereverItIsWritten() {
      String source = """
            int pool = o.integer("pool", 8, 1, 1_000);
            String sql = options.string(
                  "sql", null);
            int read = o.read(Declared.POOL);
            String given = o.given(Declared.MERGE);
            """;
      assertEquals(List.of("pool", "sql"), literalReads(source));
   }

   private static List<String> literalReads(String source) {
      List<String> names = new ArrayList<>();
      Matcher m = LITERAL_READ.matcher(source);
      while (m.find()) {
         names.add(m.group(2));
      }
      return names;
   }

   private static List<Path> sources() throws IOException {
      try (Stream<Path> walk = Files.walk(ENGINE)) {
         List<Path> files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
         assertTrue(!files.isEmpty(), "no source under " + ENGINE.toAbsolutePath());
         return files;
      }
   }
}
