package jdbcpoollab.measure;

import jdbcpoollab.files.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Steps of summaries written by an earlier version of the lab (short real runs, kept under
 * {@code src/test/resources/summaries}) read back and written again hold the same entries, in the same order, with
 * the same numbers: scripts, the results index, -Dmerge, -Dcompare and baselines read such folders.
 */
class WrittenStepsTest {
   private static final Path SUMMARIES = Path.of("src/test/resources/summaries");

   @TempDir
   Path results;

   @Test
   void aPoolSweepsStepsReadBackAndWrittenAgainAreTheSame() throws IOException {
      Map<String, Object> summary = Json.read(SUMMARIES.resolve("poolsweep.json"));
      Path folder = Files.createDirectories(results.resolve("20261201-234457-PoolSweep"));
      Files.copy(SUMMARIES.resolve("poolsweep.json"), folder.resolve("summary.json"));
      List<StepResult> steps = SweepRun.read(folder).steps();
      assertEquals(2, steps.size());
      assertEquals(text(summary.get("steps")), text(steps.stream().map(StepResult::toMap).toList()));
   }

   @Test
   void aRateSweepsStepsReadBackAndWrittenAgainAreTheSame() {
      List<Map<String, Object>> written = steps(Json.read(SUMMARIES.resolve("ratesweep.json")));
      assertEquals(2, written.size());
      for (Map<String, Object> step : written) {
         Map<String, Object> again = ArrivalResult.fromMap(step).toMap();
         // the answer's entries (serviceMs, prediction, ...) follow the step's own; they are the report's
         Map<String, Object> own = new LinkedHashMap<>(step);
         own.keySet().retainAll(again.keySet());
         assertEquals(new ArrayList<>(own.keySet()), new ArrayList<>(step.keySet()).subList(0, own.size()));
         assertEquals(text(own), text(again));
      }
   }

   /**
    * The JSON text of a step or steps, read back so that the numbers compare alike; the phases of the operations open
    * at the close in their names' order, as the lab before wrote them in no fixed order.
    */
   static String text(Object written) {
      return Json.toJson(sortPhases(Json.as(written, Object.class)));
   }

   @SuppressWarnings("unchecked")
   private static Object sortPhases(Object value) {
      if (value instanceof List<?> list) {
         return list.stream().map(WrittenStepsTest::sortPhases).toList();
      }
      if (value instanceof Map<?, ?> map) {
         Map<String, Object> out = new LinkedHashMap<>();
         map.forEach((k, v) -> out.put((String) k, "byPhase".equals(k) ? new TreeMap<>((Map<String, Object>) v)
               : sortPhases(v)));
         return out;
      }
      return value;
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> steps(Map<String, Object> summary) {
      return (List<Map<String, Object>>) summary.get("steps");
   }
}
