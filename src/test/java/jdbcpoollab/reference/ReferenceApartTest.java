package jdbcpoollab.reference;

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

/**
 * The reference shares nothing with the lab but the pool, the database and the workload's statements: its sources
 * name nothing of the lab's measuring or loading rooms, nor Gatling, by import or by full name.
 */
class ReferenceApartTest {
   private static final Path REFERENCE = Path.of("src/main/java/jdbcpoollab/reference");
   private static final Pattern LAB = Pattern.compile(
         "(?<![\\w.])(jdbcpoollab\\.(?:measure|load|gatling|run)|io\\.gatling)\\.[A-Za-z]");

   @Test
   void theReferencesSourcesNameNothingOfTheLabsMeasuringOrLoadingRooms() throws IOException {
      List<Path> files;
      try (Stream<Path> walk = Files.walk(REFERENCE)) {
         files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      }
      assertTrue(files.size() >= 3, "the reference's sources under " + REFERENCE.toAbsolutePath() + ": " + files);
      List<String> wrong = new ArrayList<>();
      for (Path file : files) {
         used(Files.readString(file)).forEach(u -> wrong.add(file.getFileName() + ": " + u));
      }
      assertEquals(List.of(), wrong, "the reference uses the lab's own measuring or loading code");
   }

   @Test
   void anImportAStaticImportAndAFullNameAreEachCaught() {
      String source = """
            package jdbcpoollab.reference;

            import jdbcpoollab.measure.StepRecorder;
            import static jdbcpoollab.load.Step.closedLoop;
            import jdbcpoollab.workloads.Workload;
            import io.gatling.javaapi.core.CoreDsl;

            /** Not {@link jdbcpoollab.run.Lab}, nor myjdbcpoollab.gatling.Jdbc. */
            final class Sample {
               jdbcpoollab.gatling.Jdbc jdbc;
               jdbcpoollab.pools.HikariSource pool;
            }
            """;
      assertEquals(List.of("jdbcpoollab.measure", "jdbcpoollab.load", "io.gatling", "jdbcpoollab.run",
            "jdbcpoollab.gatling"), used(source));
   }

   /** Each of the lab's measuring or loading rooms (or Gatling) that {@code source} names, in order. */
   private static List<String> used(String source) {
      List<String> used = new ArrayList<>();
      Matcher m = LAB.matcher(source);
      while (m.find()) {
         used.add(m.group(1));
      }
      return used;
   }
}
