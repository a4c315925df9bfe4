package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No two classes of the engine use each other: by import, by full name, or by simple name within their package,
 * which needs no import. Comments and string literals do not count, a type a file declares itself hides a class of
 * its package of the same name, and so does one it imports from another package.
 */
class MutualUseTest {
   private static final Path ENGINE = Path.of("src/main/java/jdbcpoollab");
   /** The pairs that still use each other, each to be broken: none, and the list may only shrink. */
   private static final List<String> NOT_YET_BROKEN = List.of();
   private static final Pattern IMPORT = Pattern.compile(
         "^import\\s+(?:static\\s+)?jdbcpoollab\\.([a-z]\\w*)\\.([A-Z]\\w*)", Pattern.MULTILINE);
   private static final Pattern IMPORTED_NAME = Pattern.compile("^import\\s+[\\w.]*?\\.([A-Z]\\w*);",
         Pattern.MULTILINE);
   private static final Pattern FULL_NAME = Pattern.compile("(?<![\\w.])jdbcpoollab\\.([a-z]\\w*)\\.([A-Z]\\w*)");
   private static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
   private static final Pattern SIMPLE_NAME = Pattern.compile("(?<![\\w.$])[A-Z]\\w*");

   @Test
   void noTwoClassesUseEachOther() throws IOException {
      Map<String, String> sources = engineSources();
      List<String> pairs = mutual(sources);
      List<String> added = pairs.stream().filter(pair -> !NOT_YET_BROKEN.contains(pair)).toList();
      List<String> broken = NOT_YET_BROKEN.stream().filter(pair -> !pairs.contains(pair)).toList();
      assertEquals(List.of(), added, "classes that use each other:\n" + String.join("\n", added));
      assertEquals(List.of(), broken, "broken, to leave NOT_YET_BROKEN:\n" + String.join("\n", broken));
   }

   @Test
   void aSimpleNameInTheSamePackageCountsAsMuchAsAnImport() {
      Map<String, String> sources = Map.of(
            "measure.Recorder", """
                  package jdbcpoollab.measure;

                  final class Recorder {
                     private final Users users = new Users();
                  }
                  """,
            "measure.Users", """
                  package jdbcpoollab.measure;

                  import static jdbcpoollab.measure.Recorder.UNSET;

                  final class Users {
                  }
                  """,
            "load.Step", """
                  package jdbcpoollab.load;

                  /** Records into a {@link jdbcpoollab.measure.Recorder}, with its {@link Users}. */
                  final class Step {
                     private final jdbcpoollab.measure.Recorder recorder = null;
                     private final String said = "Users";
                  }
                  """,
            "measure.Sample", """
                  package jdbcpoollab.measure;

                  import jdbcpoollab.load.Step;

                  /** Not a {@link Users}'s: its own. */
                  final class Sample {
                     record Users(Step step) {
                     }
                  }
                  """);
      assertEquals(List.of("measure.Recorder <-> measure.Users"), mutual(sources));
   }

   /** The engine's sources by class name (package and name, such as {@code measure.StepRecorder}), in order. */
   static Map<String, String> engineSources() throws IOException {
      Map<String, String> sources = new TreeMap<>();
      try (Stream<Path> walk = Files.walk(ENGINE)) {
         for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
            sources.put(name(ENGINE.relativize(file)), Files.readString(file));
         }
      }
      assertTrue(sources.size() > 0, "no source under " + ENGINE.toAbsolutePath());
      return sources;
   }

   /** Each pair of classes (by package and name, such as {@code measure.StepRecorder}) that use each other. */
   private static List<String> mutual(Map<String, String> sources) {
      Map<String, Set<String>> uses = new TreeMap<>();
      sources.forEach((name, source) -> uses.put(name, used(name, source, sources.keySet())));
      List<String> pairs = new ArrayList<>();
      uses.forEach((name, used) -> used.stream()
            .filter(other -> name.compareTo(other) < 0 && uses.getOrDefault(other, Set.of()).contains(name))
            .sorted()
            .forEach(other -> pairs.add(name + " <-> " + other)));
      return pairs;
   }

   /** The classes among {@code known} that class {@code name}, of {@code source}, uses. */
   static Set<String> used(String name, String source, Set<String> known) {
      String code = code(source);
      String room = name.substring(0, name.lastIndexOf('.') + 1);
      Set<String> used = new HashSet<>();
      for (Matcher m = IMPORT.matcher(code); m.find(); ) {
         used.add(m.group(1) + "." + m.group(2));
      }
      for (Matcher m = FULL_NAME.matcher(code); m.find(); ) {
         used.add(m.group(1) + "." + m.group(2));
      }
      Set<String> hidden = new HashSet<>();
      for (Matcher m = DECLARED.matcher(code); m.find(); ) {
         hidden.add(m.group(1));
      }
      for (Matcher m = IMPORTED_NAME.matcher(code); m.find(); ) {
         hidden.add(m.group(1));
      }
      for (Matcher m = SIMPLE_NAME.matcher(code); m.find(); ) {
         if (!hidden.contains(m.group())) {
            used.add(room + m.group());
         }
      }
      used.retainAll(known);
      used.remove(name);
      return used;
   }

   /** {@code source} without its comments and the contents of its string and character literals. */
   static String code(String source) {
      StringBuilder code = new StringBuilder(source.length());
      int i = 0;
      while (i < source.length()) {
         int end;
         if (source.startsWith("//", i)) {
            end = source.indexOf('\n', i);
         } else if (source.startsWith("/*", i)) {
            end = source.indexOf("*/", i + 2) + 2;
         } else if (source.startsWith("\"\"\"", i)) {
            end = source.indexOf("\"\"\"", i + 3) + 3;
         } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
            end = literalEnd(source, i);
         } else {
            code.append(source.charAt(i++));
            continue;
         }
         end = end < i ? source.length() : end;
         code.append(source.substring(i, end).replaceAll("[^\n]", " "));
         i = end;
      }
      return code.toString();
   }

   /** Where the string or character literal that opens at {@code start} ends, past its closing quote. */
   private static int literalEnd(String source, int start) {
      char quote = source.charAt(start);
      int i = start + 1;
      while (i < source.length() && source.charAt(i) != quote && source.charAt(i) != '\n') {
         i += source.charAt(i) == '\\' ? 2 : 1;
      }
      return Math.min(i + 1, source.length());
   }

   /** {@code measure.StepRecorder} for {@code measure/StepRecorder.java}. */
   private static String name(Path relative) {
      return relative.toString().replace(".java", "").replace(relative.getFileSystem().getSeparator(), ".");
   }
}
