package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.RunResult;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareSummaryTest {
   private static final List<String> OPTIONS = List.of("hikari:32:70:3", "none");

   private static RunResult run(String option, int run, double seconds, Long connections, boolean complete) {
      Latencies l = Latencies.empty();
      l.acquire().recordValue(1_000_000);
      l.query().recordValue(2_000_000);
      l.total().recordValue(3_000_000);
      Map<String, Long> server = new LinkedHashMap<>();
      if (connections != null) {
         server.put("Connections", connections);
         server.put("Threads_created", 1L);
         server.put("Max_used_connections", 71L);
      }
      return new RunResult(option, run, 100, 20, seconds, 0.5, 2_000, 0, l, server, Map.of(), complete);
   }

   private static CompareSummary summary() {
      CompareSummary s = new CompareSummary(OPTIONS, "none");
      s.add(run("hikari:32:70:3", 0, 9.0, 70L, true));
      s.add(run("none", 0, 9.0, 2_000L, true));
      double[][] seconds = {{3.0, 4.0}, {3.5, 4.5}, {4.0, 5.0}};
      for (int r = 0; r < seconds.length; r++) {
         s.add(run("hikari:32:70:3", r + 1, seconds[r][0], 70L, true));
         s.add(run("none", r + 1, seconds[r][1], r == 2 ? null : 2_000L, true));
      }
      s.add(run("hikari:32:70:3", 4, 0.1, 70L, false));
      return s;
   }

   @Test
   void runsAreRowsOptionsAreColumnsAndWarmUpsAndIncompleteRunsAreNotCounted() {
      String text = CompareTables.byRun(summary().counted(), "none").text();
      List<String> lines = text.lines().toList();
      assertEquals(List.of("run", "hikari:32:70:3", "none"), List.of(lines.get(0).trim().split("\\s+")));
      assertEquals(List.of("1", "3.000", "4.000"), List.of(lines.get(2).trim().split("\\s+")));
      assertEquals(List.of("3", "4.000", "5.000"), List.of(lines.get(4).trim().split("\\s+")));
      assertEquals(List.of("avg", "3.500", "4.500"), List.of(lines.get(5).trim().split("\\s+")));
      // 1 - 3.5 / 4.5
      assertEquals(List.of("saving", "22.22%", "baseline"), List.of(lines.get(6).trim().split("\\s+")));
      assertEquals(7, lines.size());
   }

   @Test
   void statisticsCompareEachOptionWithTheBaseline() {
      CompareSummary s = summary();
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> statistics = (List<Map<String, Object>>) s.json().get("statistics");
      Map<String, Object> pooled = statistics.get(0);
      assertEquals(List.of(3.0, 3.5, 4.0), pooled.get("seconds"));
      @SuppressWarnings("unchecked")
      Map<String, Object> welch = (Map<String, Object>) pooled.get("vsBaseline");
      assertEquals(22.222222, (Double) welch.get("savingPct"), 1e-6);
      // equal spreads of 0.5: t = 1 / sqrt(2 * 0.25 / 3) = 2.449, df = 4
      assertEquals(2.449490, (Double) welch.get("t"), 1e-6);
      assertEquals(4.0, (Double) welch.get("df"), 1e-9);
      assertEquals("not significant at 5%", welch.get("verdict"));
      assertEquals(null, statistics.get(1).get("vsBaseline"));
      String tables = s.tables(false);
      assertTrue(tables.contains("not significant at 5%"), tables);
   }

   @Test
   void aCounterTheServerDidNotGiveIsNotApplicable() {
      CompareSummary s = summary();
      String connections = CompareTables.connections(s.counted()).text();
      String none = connections.lines().filter(l -> l.trim().startsWith("none")).findFirst().orElseThrow();
      assertTrue(none.contains("n/a"), none);
      String pooled = connections.lines().filter(l -> l.trim().startsWith("hikari")).findFirst().orElseThrow();
      assertTrue(pooled.matches("\\s*hikari:32:70:3\\s+70\\.0\\s+0\\.035\\s+Threads_created 1\\.0, "
            + "Max_used_connections 71\\.0\\s+0\\.500"), pooled);
   }

   @Test
   void everyRunIsInTheCsvAndTheSummaryIsIncompleteWhenARunWas() {
      CompareSummary s = summary();
      assertEquals(2 + 6 + 1 + 1, s.csv().csv().lines().count(), "header, 2 warm-ups, 6 runs, 1 incomplete");
      assertFalse(s.complete());
   }

   @Test
   void statisticsAreWrittenAsTheLabWroteThemBeforeAndReadBackAsWritten() throws IOException {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> statistics = (List<Map<String, Object>>) summary().json().get("statistics");
      assertEquals(Files.readString(Path.of("src/test/resources/summaries/cpoolcompare-statistics.json")),
            Json.toJson(statistics));
      assertEquals(List.of("option", "seconds", "sample", "vsBaseline", "server", "acquire", "query", "total"),
            List.copyOf(statistics.get(0).keySet()));
      CompareSummary.Statistics back = Json.as(statistics.get(0), CompareSummary.Statistics.class);
      assertEquals(Json.toJson(statistics.get(0)), Json.toJson(back));
      assertEquals(back, Json.as(Json.toMap(back), CompareSummary.Statistics.class));
   }

   @Test
   void theWholeSummaryIsWrittenAsTheLabWroteItBefore() throws IOException {
      Map<String, Object> json = summary().json();
      assertEquals(Files.readString(Path.of("src/test/resources/summaries/cpoolcompare-top.json")), Json.toJson(json));
      assertEquals(List.of("baselineOption", "statistics", "runs"), List.copyOf(json.keySet()));
      assertEquals("none", Json.as(json, CompareSummary.Written.class).baselineOption());
   }
}
