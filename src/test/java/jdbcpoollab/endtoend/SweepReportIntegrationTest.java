package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.Html;
import jdbcpoollab.run.CompareOnly;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.number;
import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.timing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import jdbcpoollab.runoptions.RunFolderOptions;

/** The report page of a real short sweep of both workloads: its content, the runs index, and how Chromium shows it. */
class SweepReportIntegrationTest {
   private static final List<String> WORKLOADS = List.of("wait", "cpu");
   private static final double ACQUIRE_P99_MS = 40;
   private static GatlingRun.Result run;
   private static String page;

   @BeforeAll
   static void sweep() throws IOException {
      run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1,2,4,8", "users", "16", "seconds", "1",
            "warmup", "0.5", "workloads", "wait,cpu", "rows", "20000",
            "acquireP99Ms", Double.toString(ACQUIRE_P99_MS)), true);
      page = Files.readString(run.folder().resolve("index.html"));
   }

   @Test
   void thePageAndItsChartsAreInTheRunFolder() throws IOException {
      assertEquals(0, run.exitCode());
      for (String w : WORKLOADS) {
         for (String chart : List.of("throughput", "latency", "time", "fairness")) {
            String file = w + "-" + chart + ".svg";
            assertTrue(page.contains("<img src=\"" + file + "\""), file + " not on the page");
            String svg = Files.readString(run.folder().resolve(file));
            assertTrue(svg.contains("<svg") && svg.contains("</svg>"), file + " is not an SVG document");
         }
         String throughput = Files.readString(run.folder().resolve(w + "-throughput.svg"));
         assertTrue(throughput.contains("Little&apos;s law ceiling"), "ceiling series missing from " + w);
         assertTrue(throughput.contains("USL fit"), "USL curve missing from " + w);
         assertTrue(!throughput.contains("rgb(51,51,51)"), "one pass: no error bars");
      }
      assertTrue(!page.contains("http://") && !page.contains("https://"), "the page must load nothing from the network");
   }

   @Test
   void thePageShowsTheSettingsAndLinksToGatlingsReport() {
      Map<String, Object> settings = settings();
      assertTrue(page.contains(Html.escape(settings.get("database").toString())), "database product and version");
      assertTrue(page.contains("SELECT SLEEP(0.005)"), "the wait query");
      assertTrue(page.contains("SELECT SUM(CRC32(CONCAT(id, payload))) FROM big"), "the cpu query");
      assertTrue(page.contains("<td>cores</td><td class=\"num\">" + Runtime.getRuntime().availableProcessors() + "</td>"));
      assertTrue(page.contains("<td>users</td><td class=\"num\">16</td>"));
      String gatling = (String) run.summary().get("gatlingReport");
      assertTrue(page.contains("<a href=\"" + gatling + "\">"), "link to " + gatling);
      assertTrue(Files.isRegularFile(run.folder().resolve(gatling)), "Gatling's report at " + gatling);
   }

   @Test
   void theRecommendationFollowsTheRuleAndIsInTheSummaryToo() throws IOException {
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.contains("## Recommended pool size"), md);
      for (String w : WORKLOADS) {
         List<Map<String, Object>> usable = steps(w).stream()
               .filter(s -> Boolean.TRUE.equals(s.get("complete")) && number(s, "ok") > 0
                     && number(s, "ko") + number(s, "koOutsideWindow") == 0)
               .sorted(Comparator.comparingDouble(s -> number(s, "pool"))).toList();
         double best = usable.stream().mapToDouble(s -> number(s, "throughput")).max().orElseThrow();
         Map<String, Object> pick = usable.stream().filter(s -> number(s, "throughput") >= 0.95 * best).findFirst()
               .orElseThrow();
         // past the pool the database saturated from, a larger pool wins only when significantly better, and then
         // the pick is flagged: the answer lies between that pool and the plain rule's
         double saturatedFrom = steps(w).stream().filter(SweepReportIntegrationTest::saturated)
               .mapToDouble(s -> number(s, "pool")).min().orElse(Double.MAX_VALUE);
         List<Map<String, Object>> answers = usable.stream().filter(s -> number(s, "pool") == number(pick, "pool")
               || number(s, "pool") >= saturatedFrom && number(s, "pool") < number(pick, "pool")).toList();
         String headline = headline(w, answers.get(0));
         assertTrue(page.contains(headline) && md.contains(headline) || answers.stream().skip(1)
               .map(s -> headline(w, s)).anyMatch(h -> md.contains(h) && Pattern.compile(Pattern.quote(h)
                     + "[^)]*, the pick contradicts the saturation point").matcher(page).find()),
               "page or summary.md lacks " + headline + ", or a larger pool flagged as past the saturation point");
      }
      assertTrue(page.contains("USL fit of throughput vs pool (4 pools"), "a USL fit per workload");
      assertTrue(page.contains("N* = sqrt((1 - sigma) / kappa)") || page.contains("kappa is practically 0"));
      int cores = ((Number) settings().get("databaseCores")).intValue();
      assertEquals(Runtime.getRuntime().availableProcessors(), cores, "the embedded server runs on this machine");
      assertTrue(page.contains("2 x " + cores + " + 1 = " + (2 * cores + 1)));
      assertTrue(page.contains("P99 acquire wait under " + (int) ACQUIRE_P99_MS + " ms (-DacquireP99Ms, not part of"));
   }

   @Test
   void eachPoolsMaxSustainableRateIsItsClosedLoopThroughput() {
      assertTrue(page.contains("Max sustainable rate per pool"), "the line per workload");
      for (String w : WORKLOADS) {
         for (Map<String, Object> s : steps(w)) {
            String rate = String.format(Locale.ROOT, "pool %d: %.1f/s", (int) number(s, "pool"),
                  number(s, "throughput"));
            assertTrue(number(s, "ok") == 0 || page.contains(rate), w + ": page lacks " + rate);
         }
      }
   }

   @Test
   void s1IsTheSmallestMeasuredQueryTime() {
      for (String w : WORKLOADS) {
         Map<String, Object> fastest = steps(w).stream().filter(s -> timing(s, "query", "count") > 0)
               .min(Comparator.comparingDouble(s -> timing(s, "query", "avg"))).orElseThrow();
         String s1 = String.format(Locale.ROOT, "S1 = %.3f ms (smallest average query time, at pool %d)",
               timing(fastest, "query", "avg"), (int) number(fastest, "pool"));
         assertTrue(page.contains(s1), w + ": page lacks " + s1);
      }
   }

   @Test
   void everyStepHasAFairnessRowWithItsSpreadAndJainsIndex() {
      for (String w : WORKLOADS) {
         for (Map<String, Object> s : steps(w)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> perUser = (Map<String, Object>) s.get("perUser");
            String row = String.format(Locale.ROOT, "<td class=\"num\">%d</td><td class=\"num\">16</td>"
                        + "<td class=\"num\">%d</td><td class=\"num\">%.1f</td><td class=\"num\">%d</td>"
                        + "<td class=\"num\">%.3f</td>", (int) number(s, "pool"), (long) number(perUser, "min"),
                  number(perUser, "median"), (long) number(perUser, "max"), number(perUser, "jain"));
            assertTrue(page.contains(row), w + " pool " + s.get("pool") + ": no fairness row " + row);
         }
      }
      assertTrue(page.contains("Fairness: why the P99 wait can approach the whole window"));
   }

   @Test
   void theRunsIndexListsEveryRunNewestFirst() throws IOException {
      String index = Files.readString(run.folder().getParent().resolve("index.html"));
      assertTrue(index.contains("<a href=\"" + run.folder().getFileName() + "/index.html\">"), "run not listed");
      Matcher m = Pattern.compile("<tr><td><a href=\"([^/\"]+)/").matcher(index);
      List<String> listed = new ArrayList<>();
      while (m.find()) {
         listed.add(m.group(1));
      }
      List<String> newestFirst = new ArrayList<>(listed);
      newestFirst.sort(Comparator.reverseOrder());
      assertEquals(newestFirst, listed);
   }

   @Test
   void twoRunsAreComparedSideBySide(@TempDir Path results) throws IOException {
      Path a = results.resolve("20200101-000000-PoolSweep");
      Path b = results.resolve("20200102-000000-PoolSweep");
      Files.createDirectories(a);
      Files.createDirectories(b);
      Files.copy(run.folder().resolve("summary.json"), a.resolve("summary.json"));
      Map<String, Object> faster = run.summary();
      for (Object row : (List<?>) faster.get("steps")) {
         @SuppressWarnings("unchecked")
         Map<String, Object> s = (Map<String, Object>) row;
         s.put("throughput", number(s, "throughput") * 1.1);
      }
      Json.write(b.resolve("summary.json"), faster);

      Properties props = new Properties();
      props.setProperty("lab.results", results.toString());
      props.setProperty("compare", a.getFileName() + "," + b.getFileName());
      List<Path> runs = RunFolderOptions.compared(new Options(props, Map.of()));
      assertEquals(0, GatlingRun.ending(() -> CompareOnly.write(runs)).code());

      Path compared = results.resolve("compare-" + a.getFileName() + "-vs-" + b.getFileName());
      String html = Files.readString(compared.resolve("index.html"));
      for (String w : WORKLOADS) {
         assertTrue(html.contains("<img src=\"compare-" + w + "-throughput.svg\""));
         assertTrue(Files.isRegularFile(compared.resolve("compare-" + w + "-throughput.svg")));
      }
      long tenPercentBetter = Pattern.compile("<td class=\"num\">\\+10\\.0%</td>").matcher(html).results().count();
      long withOperations = run.steps().stream().filter(s -> number(s, "throughput") > 0).count();
      assertEquals(withOperations, tenPercentBetter, "every step of B is 10% faster than A");
      assertTrue(Files.readString(results.resolve("index.html")).contains(compared.getFileName() + "/index.html"));
   }

   @Test
   void chromiumShowsThePageWithItsChartsAndNoConsoleMessages() throws IOException {
      assertNull(HeadlessChromium.ensure());
      Path index = run.folder().resolve("index.html");
      HeadlessChromium.Output dom = HeadlessChromium.dumpDom(index);
      assertTrue(dom.text().contains("data-broken-images=\"0\""), "charts did not load: " + dom.text());
      assertEquals(8, Pattern.compile("<img src=\"[a-z]+-[a-z]+\\.svg\"").matcher(dom.text()).results().count());
      assertEquals(List.of(), dom.consoleMessages());

      Path png = Path.of("target", "sweep-report.png");
      Files.deleteIfExists(png);
      HeadlessChromium.Output shot = HeadlessChromium.screenshot(index, png, 1280, 8000);
      assertEquals(List.of(), shot.consoleMessages());
      BufferedImage image = ImageIO.read(png.toFile());
      assertEquals(1280, image.getWidth());
      int chartRed = 0;
      for (int y = 0; y < image.getHeight(); y++) {
         for (int x = 0; x < image.getWidth(); x++) {
            chartRed += (image.getRGB(x, y) & 0xffffff) == 0xd62728 ? 1 : 0;
         }
      }
      assertTrue(chartRed > 300, "the charts' second series colour shows in " + chartRed + " pixels only");
      int scrollWidth = HeadlessChromium.scrollWidth(index, 1366);
      assertTrue(scrollWidth <= 1366, "the page is " + scrollWidth + " px wide: a 1366-px window scrolls sideways");

      String runs = HeadlessChromium.dumpDom(run.folder().getParent().resolve("index.html")).text();
      assertTrue(runs.contains(run.folder().getFileName().toString()), "the runs index lists the run");
   }

   @SuppressWarnings("unchecked")
   private static Map<String, Object> settings() {
      return (Map<String, Object>) run.summary().get("settings");
   }

   private static String headline(String workload, Map<String, Object> step) {
      return String.format(Locale.ROOT, "%s: pool %d (%.1f ops/s", workload, (int) number(step, "pool"),
            number(step, "throughput"));
   }

   /** Whether the embedded server used at least 90% of its cores through the step's window. */
   private static boolean saturated(Map<String, Object> step) {
      return step.get("database") instanceof Map<?, ?> db && "server CPU (cores)".equals(db.get("what"))
            && db.get("avg") instanceof Number avg
            && avg.doubleValue() >= 0.9 * ((Number) settings().get("databaseCores")).doubleValue();
   }

   private static List<Map<String, Object>> steps(String workload) {
      return run.steps().stream().filter(s -> workload.equals(s.get("workload"))).toList();
   }
}
