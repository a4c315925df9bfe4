package jdbcpoollab.runoptions;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * -Dcompare reads the runs it names before anything starts, a sweep's one and Compare's two: one that cannot be read
 * is bad input.
 */
class PoolSweepOptionsCompareTest {
   private static final String GOOD = "{\"simulation\": \"PoolSweep\", \"state\": \"complete\", \"steps\": []}";

   private static PoolSweepOptions sweep(Path results, String compare) {
      Properties p = new Properties();
      p.setProperty("lab.results", results.toString());
      p.setProperty("compare", compare);
      return PoolSweepOptions.from(new Options(p, Map.of()));
   }

   private static List<Path> compare(Path results, String compare) {
      Properties p = new Properties();
      p.setProperty("lab.results", results.toString());
      p.setProperty("compare", compare);
      return RunFolderOptions.compared(new Options(p, Map.of()));
   }

   private static void run(Path results, String name, String summary) throws IOException {
      Files.createDirectories(results.resolve(name));
      Files.writeString(results.resolve(name).resolve("summary.json"), summary);
   }

   @Test
   void aSummaryThatCannotBeReadIsRefusedInOneLine(@TempDir Path results) throws IOException {
      run(results, "good", GOOD);
      Map<String, String> bad = Map.of("truncated", GOOD.substring(0, 30), "empty", "", "garbage", "not json at all",
            "array", "[1,2,3]", "null", "null");
      for (Map.Entry<String, String> summary : bad.entrySet()) {
         run(results, summary.getKey(), summary.getValue());
         for (String compare : List.of(summary.getKey(), "good," + summary.getKey())) {
            Exception e = assertThrows(Exception.class, () -> {
               if (compare.contains(",")) {
                  compare(results, compare);
               } else {
                  sweep(results, compare);
               }
            }, compare);
            assertEquals(OptionException.class, e.getClass(), compare + ": " + e);
            String message = e.getMessage();
            assertTrue(message.startsWith("bad option -Dcompare=" + compare + ": "), message);
            assertTrue(message.contains("cannot read " + results.resolve(summary.getKey()).resolve("summary.json")),
                  message);
            assertEquals(1, message.lines().count(), message);
         }
      }
      assertEquals(List.of(results.resolve("good")), sweep(results, "good").compare());
   }
}
