package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.BurstResult;
import jdbcpoollab.measure.FaultSample;
import jdbcpoollab.measure.OutageResult;
import jdbcpoollab.measure.Timing;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fault scenarios' sources in summary.json are the JSON the lab wrote before they went through records (kept under
 * src/test/resources/summaries), and read back as the results and figures they were written from.
 */
class FaultSummaryJsonTest {
   private static final List<FaultSample> NO_SAMPLES = List.of();

   @Test
   void anOutagesSourcesAreWrittenAsBeforeAndReadBack() throws IOException {
      OutageResult recovered = new OutageResult("hikari", null, 2_000, 2_004.5, new Timing(5200, 12.5, 0.2, 1.1,
            1_998.0, 2_004.5), 5_100, 100, Map.of("acquire: Connection is not available", 100L), 0, 310.5, 1.85,
            0, 4, 4, 0, 0.0, 104.2, Timing.EMPTY, 33.333);
      OutageResult cut = new OutageResult("vibur", null, 2_000, 2_010.0, new Timing(800, 30.1, 0.3, 2.0, 2_001.0,
            2_010.0), 700, 100, Map.of("acquire: timeout", 100L), 2, 295.0, null, 0, 0, 4, 0, 0.0, 101.0,
            Timing.EMPTY, 32.667);
      OutageSummary summary = new OutageSummary("refuse");
      summary.add(recovered, NO_SAMPLES, 3_000, 6_000);
      summary.addPartial(cut, "the run was interrupted", NO_SAMPLES, 3_000);
      Map<String, Object> json = summary.json();
      holds("outage-sources.json", json);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sources = (List<Map<String, Object>>) json.get("sources");
      assertEquals(recovered, Json.as(sources.get(0), OutageResult.class));
      assertEquals(cut, Json.as(sources.get(1), OutageResult.class));
      assertEquals(new OutageSummary.Figures(true, null), Json.as(sources.get(0), OutageSummary.Figures.class));
      assertEquals("the run was interrupted", sources.get(1).get("incomplete"));
      assertEquals(List.of("honoursTimeout", "failureMode"), List.copyOf(Json.toMap(new OutageSummary.Figures(true,
            "fails fast")).keySet()), "a failure mode after whether the timeout was honoured");
   }

   @Test
   void aBurstsSourcesAreWrittenAsBeforeAndReadBack() throws IOException {
      BurstResult r = new BurstResult("dbcp2", null, 412.5, 11, 11, 10, 101.2, new Timing(50, 180.4, 150.0, 390.0,
            410.0, 412.5), 412.5, 50, 0, Map.of(), 101.0, 0, Timing.EMPTY);
      BurstSummary summary = new BurstSummary(2, 50);
      summary.add(r, NO_SAMPLES, 0);
      Map<String, Object> json = summary.json();
      holds("burst-sources.json", json);
      @SuppressWarnings("unchecked")
      Map<String, Object> source = ((List<Map<String, Object>>) json.get("sources")).get(0);
      assertEquals(r, Json.as(source, BurstResult.class));
      assertEquals(new BurstSummary.Figures(9), Json.as(source, BurstSummary.Figures.class));
   }

   /** The JSON the lab wrote before, kept as a file. */
   private static void holds(String file, Object written) throws IOException {
      Path kept = Path.of("src/test/resources/summaries").resolve(file);
      assertEquals(Files.readString(kept), Json.toJson(written), file);
   }
}
