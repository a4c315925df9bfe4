package jdbcpoollab.endtoend;

import jdbcpoollab.report.Html;
import jdbcpoollab.testing.GatlingRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.analysis.NumberText.fixed;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Capture's and Replay's pages against their run's summary.json: the same numbers, and the charts beside them. */
final class CaptureReplayPages {

   private CaptureReplayPages() {
   }

   /** The profile page: the overview, every shape's count and share, the held times and gaps, the chatter. */
   @SuppressWarnings("unchecked")
   static void assertCapturePage(GatlingRun.Result capture) throws IOException {
      Map<String, Object> s = capture.summary();
      String page = page(capture.folder(), List.of("capture-requests-per-second.svg",
            "capture-transaction-lengths.svg", "capture-held-times.svg"));
      int requests = ((Number) s.get("requests")).intValue();
      int transactions = ((Number) s.get("transactions")).intValue();
      int statements = ((Number) s.get("statements")).intValue();
      contains(page, "<b>" + requests + " requests (" + transactions + " transactions, " + (requests - transactions)
            + " autocommit statements) and " + statements + " statements in " + fixed(number(s, "seconds"), 3)
            + " s, " + fixed(number(s, "arrivalRate"), 3) + " requests/s");
      for (Map<String, Object> shape : (List<Map<String, Object>>) s.get("shapes")) {
         int count = ((Number) shape.get("count")).intValue();
         contains(page, Html.escape((String) shape.get("shape")) + "</td>" + num(count) + num(fixed(100.0 * count
               / statements, 1) + "%"));
      }
      contains(page, "<td>held</td>" + num(transactions) + num(fixed(number(s, "heldMedianMs"), 3)));
      int gaps = page.indexOf("<td>gap</td>");
      assertTrue(gaps > 0 && page.substring(gaps, page.indexOf("</tr>", gaps))
            .contains(num(fixed(number(s, "gapMedianMs"), 3))), "the gaps' median");
      contains(page, Html.escape("The driver's chatter, left out (" + s.get("chatterStatements") + " statements)"));
   }

   /** Replay's page: the headroom, and per speed its pool, that step's P99 total and Erlang C's pool. */
   @SuppressWarnings("unchecked")
   static void assertReplayPage(GatlingRun.Result replay) throws IOException {
      Map<String, Object> s = replay.summary();
      List<Map<String, Object>> answers = (List<Map<String, Object>>) s.get("answers");
      String page = page(replay.folder(), answers.stream().map(a -> ((String) a.get("workload")).replace(' ', '-')
            + "-rate-total.svg").toList());
      contains(page, "<b>Headroom: " + Html.escape((String) s.get("headroom")) + "</b>");
      for (Map<String, Object> a : answers) {
         String workload = (String) a.get("workload");
         Object pool = a.get("pool");
         String picked = pool == null ? "<td>none met it</td><td></td>" : num(pool) + num(fixed(number(
               (Map<String, Object>) replay.step(workload, ((Number) pool).intValue()).get("total"), "p99"), 3));
         Object predicted = a.get("predictedPool");
         contains(page, "<td>" + workload + "</td>" + num(fixed(number(a, "rate"), 1))
               + num(fixed(number(a, "sloP99Ms"), 1)) + picked
               + (predicted == null ? "<td>none</td>" : num(predicted)));
         contains(page, "Speed " + workload.substring("replay ".length()) + ": " + fixed(number(a, "rate"), 1)
               + " requests/s");
      }
   }

   private static String page(Path folder, List<String> charts) throws IOException {
      for (String chart : charts) {
         assertTrue(Files.readString(folder.resolve(chart)).contains("<svg"), chart);
      }
      return Files.readString(folder.resolve("index.html"));
   }

   private static String num(Object value) {
      return "<td class=\"num\">" + value + "</td>";
   }

   private static double number(Map<String, Object> m, String key) {
      return ((Number) m.get(key)).doubleValue();
   }

   private static void contains(String page, String expected) {
      assertTrue(page.contains(expected), "the page has no " + expected);
   }
}
