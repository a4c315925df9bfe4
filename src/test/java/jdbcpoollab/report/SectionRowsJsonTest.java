package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.MergedStep;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepHistograms;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.ThreadsSeen;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sections of summary.json that tables write (kinds, shapes, merge) are the JSON the lab wrote before they went
 * through records (kept under src/test/resources/summaries), and each row reads back as its record with the same
 * values.
 */
class SectionRowsJsonTest {
   private static final long MS = 1_000_000L;

   @Test
   void eachKindOfAMixedStepIsWrittenAsBeforeAndReadsBack() throws IOException {
      KindsTable kinds = new KindsTable();
      for (int pass = 1; pass <= 2; pass++) {
         StepRecorder r = new StepRecorder(new StepId("mix", "", 8, pass, 2, 1), 2, 0, 2_000 * MS);
         r.begin(1, 0);
         r.begin(2, 0);
         r.record(1, "read", MS, 2 * MS, 3 * MS, 3 * MS, null);
         r.record(2, "read", 2 * MS, 4 * MS, 7 * MS, 7 * MS, null);
         r.record(1, "write", 5 * MS, 9 * MS, 20 * MS, 20 * MS, null);
         kinds.add(r.result(2_000 * MS), r.kinds().values());
      }
      List<Map<String, Object>> rows = kinds.rows();
      holds("kinds.json", rows);
      readsBack(rows, KindsTable.Row.class);
      assertEquals(List.of("read", "write", "read", "write"), rows.stream().map(row ->
            Json.as(row, KindsTable.Row.class).kind()).toList());
   }

   @Test
   void aSweepsApplicationShapesAreWrittenAsBeforeAndReadBack() throws IOException {
      ShapesTable shapes = new ShapesTable();
      shapes.add("wait", 1, step(StepId.of("wait", 8), 1520.25, 3.125), 151);
      shapes.add("wait", 4, step(StepId.of("wait x4", 8), 2890.5, 1.5).withThreads(new ThreadsSeen("virtual", 14_450,
            3L)).withJvm(new JvmPeaks(212.46, 87)), 151);
      shapes.add("wait", 24, step(StepId.of("wait x24", 8), 2901.0, Double.NaN), 151);
      List<Map<String, Object>> rows = shapes.rows();
      holds("shapes.json", rows);
      readsBack(rows, ShapesTable.Row.class);
      assertEquals(List.of(false, true, false), rows.stream().map(row -> row.get("knee")).toList());
   }

   @Test
   void aMergedRunsTableOfItsPartsIsWrittenAsBeforeAndReadsBack() throws IOException {
      MergeTable merge = new MergeTable();
      StepResult a = step(StepId.of("wait", 16), 2400.5, 2.0);
      StepResult b = step(StepId.of("wait", 16), 2380.25, 2.5);
      merge.add("wait pool=16", List.of(part(a, 1_735_732_800_000L, 1_735_732_805_000L),
            part(b, 1_735_732_800_250L, 1_735_732_805_400L)), List.of("2026-12-02T06-40-00_gen-a",
            "2026-12-02T06-40-01_gen-b"));
      List<Map<String, Object>> rows = merge.rows();
      holds("merge.json", rows);
      readsBack(rows, MergeTable.Row.class);
      assertEquals(List.of(4.75, 4.75), rows.stream().map(row -> row.get("overlapSeconds")).toList());
   }

   private static MergedStep.Part part(StepResult result, long fromMs, long toMs) {
      return new MergedStep.Part(result, new StepHistograms(result.id().name(), fromMs, toMs, Latencies.empty(),
            Map.of()), Map.of());
   }

   private static StepResult step(StepId id, double throughput, double acquireP99) {
      Timing acquire = new Timing(1000, 0.4, 0.1, 0.9, acquireP99, 12.0);
      Timing t = new Timing(1000, 5.4, 5.3, 5.9, 6.2, 14.0);
      return new StepResult(id, new StepCounts(64, 5, (long) (throughput * 5), 0, 0, throughput),
            new StepTimes(acquire, t, t), new StepOutcome(UserSpread.of(new long[] {500, 500}), Map.of(), true),
            new StepResources(null, Double.NaN, DatabaseActivity.NONE, new ClientCpu(0.42, 61.5)), StepChecks.NONE,
            StepRuntime.NONE);
   }

   /** The rows as summary.json holds them: the JSON the lab wrote before, kept as a file. */
   private static void holds(String file, List<Map<String, Object>> rows) throws IOException {
      Path kept = Path.of("src/test/resources/summaries").resolve(file);
      assertEquals(Files.readString(kept), Json.toJson(rows), file);
   }

   /** Each row read from its JSON as its record, written again, is the same JSON. */
   private static void readsBack(List<Map<String, Object>> rows, Class<?> type) {
      for (Map<String, Object> row : rows) {
         Object back = Json.as(row, type);
         assertEquals(Json.toJson(row), Json.toJson(back), type.getSimpleName());
         assertEquals(back, Json.as(Json.toMap(back), type), type.getSimpleName());
      }
   }
}
