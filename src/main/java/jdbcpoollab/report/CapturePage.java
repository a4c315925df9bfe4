package jdbcpoollab.report;

import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ShapeCount;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.IntStream;

import static jdbcpoollab.analysis.NumberText.fixed;

/**
 * {@code results/<run>/index.html} of a Capture: what the application sends, from its profile: statements by shape,
 * requests per second over time, transaction lengths and the time held inside transactions, and the driver's
 * chatter left out, with SVG charts next to it.
 */
public final class CapturePage {
   /** Seconds drawn as points at most: a longer capture's requests per second are averaged over wider bins. */
   private static final int MAX_POINTS = 300;
   private static final int PERCENTILE_STEP = 5;

   private CapturePage() {
   }

   /**
    * Writes the page and its charts into the run's folder.
    *
    * @param overview what the capture holds in one sentence
    * @param server   the captured server's identity
    * @param file     the capture file in the run folder
    */
   public static Path write(SweepRun run, Profile profile, String overview, String server, String file) {
      Path dir = run.folder();
      Html html = RateSweepPage.head(run, "What does the application send?");
      html.boxHtml("answer", "<b>" + Html.escape(overview) + "</b><br><span class=\"muted\">Captured from "
            + Html.escape(server) + " into " + Html.link(file, file) + ", which "
            + Html.code("-Dsim=Replay -Dcapture=" + run.name()) + " replays.</span>");

      html.h2("Statements by shape", "shapes");
      html.p("String and number literals replaced by ?, comments dropped, IN lists and multi-row VALUES folded; each "
            + "shape's count and share of the application's " + profile.statements() + " statements (transaction "
            + "starts and ends and the driver's chatter not counted).");
      html.table(shapeTable(profile.shapes(), false));

      html.h2("Requests per second", "requests-per-second");
      html.images(List.<String[]>of(perSecond(dir, profile)));

      html.h2("Transactions", "transactions");
      if (profile.heldMicros().isEmpty()) {
         html.p("No transaction was captured: every request is one statement in autocommit.");
      } else {
         html.p("Held: from a transaction's start to the start of its COMMIT or ROLLBACK, the time it held its "
               + "connection. Gap: between the starts of consecutive statements inside it (a log gives starts only, "
               + "so both include the statements' own time). Times in ms.");
         html.table(heldTable(profile));
         html.table(lengthTable(profile));
         html.images(transactionCharts(dir, profile));
      }

      html.h2("The driver's chatter, left out (" + profile.chatterCount() + " statements)", "chatter");
      html.p("Session settings, SELECT @@…, SHOW … and the pool's own COMMIT or ROLLBACK with no transaction open: "
            + "sent by the driver or the pool, not by the application, and not replayed.");
      html.table(shapeTable(profile.chatter(), false));

      RateSweepPage.settings(html, run);
      return RateSweepPage.written(run, html);
   }

   /** Shapes with their counts and shares; {@code barsEscaped} for the Markdown tables and the console's. */
   static Table shapeTable(List<ShapeCount> counts, boolean barsEscaped) {
      Table table = new Table(List.of("shape", "count", "share"));
      counts.forEach(s -> table.add(List.of(barsEscaped ? s.shape().replace("|", "\\|") : s.shape(),
            String.valueOf(s.count()), fixed(100 * s.share(), 1) + "%")));
      return table;
   }

   private static String[] perSecond(Path dir, Profile profile) {
      List<Integer> counts = profile.requestsPerSecond();
      int bin = Math.max(1, (counts.size() + MAX_POINTS - 1) / MAX_POINTS);
      int points = (counts.size() + bin - 1) / bin;
      double[] x = new double[points];
      double[] y = new double[points];
      for (int i = 0; i < points; i++) {
         int from = i * bin;
         int to = Math.min(counts.size(), from + bin);
         x[i] = from + 1;
         y[i] = counts.subList(from, to).stream().mapToInt(Integer::intValue).sum() / (double) (to - from);
      }
      double[] mean = new double[points];
      Arrays.fill(mean, profile.arrivalRate());
      String title = bin == 1 ? "requests arriving in each second" : "requests/s, averaged over " + bin + " s";
      new LineChart("Requests per second over the capture", "second of the capture", "requests/s").countX()
            .measured(title, x, y).model("from the first arrival to the last", x, mean)
            .writeSvg(dir.resolve("capture-requests-per-second.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      return new String[] {"capture-requests-per-second.svg", "requests per second over the capture"};
   }

   private static Table heldTable(Profile profile) {
      Table table = new Table(List.of("", "count", "median", "P90", "P99", "max"));
      row(table, "held", profile.heldMicros());
      row(table, "gap", profile.gapMicros());
      return table;
   }

   private static void row(Table table, String name, List<Long> micros) {
      List<Long> sorted = micros.stream().sorted().toList();
      table.add(List.of(name, String.valueOf(sorted.size()), ms(Profile.median(sorted)), ms(percentile(sorted, 90)),
            ms(percentile(sorted, 99)), ms(percentile(sorted, 100))));
   }

   private static Table lengthTable(Profile profile) {
      Table table = new Table(List.of("statements in the transaction", "transactions", "share"));
      lengths(profile).forEach((length, n) -> table.add(List.of(String.valueOf(length), String.valueOf(n),
            fixed(100.0 * n / profile.transactionLengths().size(), 1) + "%")));
      return table;
   }

   private static TreeMap<Integer, Integer> lengths(Profile profile) {
      TreeMap<Integer, Integer> byLength = new TreeMap<>();
      profile.transactionLengths().forEach(n -> byLength.merge(n, 1, Integer::sum));
      return byLength;
   }

   private static List<String[]> transactionCharts(Path dir, Profile profile) {
      TreeMap<Integer, Integer> byLength = lengths(profile);
      new LineChart("Transaction lengths", "statements in the transaction", "transactions").countX()
            .measured("transactions", byLength.keySet().stream().mapToDouble(Integer::doubleValue).toArray(),
                  byLength.values().stream().mapToDouble(Integer::doubleValue).toArray())
            .writeSvg(dir.resolve("capture-transaction-lengths.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      double[] at = IntStream.rangeClosed(0, 100 / PERCENTILE_STEP).mapToDouble(i -> i * PERCENTILE_STEP).toArray();
      new LineChart("Time held inside transactions", "percentile", "ms")
            .measured("held (start to end's start)", at, percentiles(profile.heldMicros(), at))
            .measured("gap between statements", at, percentiles(profile.gapMicros(), at))
            .writeSvg(dir.resolve("capture-held-times.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      List<String[]> images = new ArrayList<>();
      images.add(new String[] {"capture-transaction-lengths.svg", "transactions by their number of statements"});
      images.add(new String[] {"capture-held-times.svg", "held times and gaps inside transactions by percentile"});
      return images;
   }

   private static double[] percentiles(List<Long> micros, double[] at) {
      List<Long> sorted = micros.stream().sorted().toList();
      return Arrays.stream(at).map(p -> percentile(sorted, p) / 1e3).toArray();
   }

   /** The nearest-rank percentile of sorted values (0: the smallest), 0 when empty. */
   private static long percentile(List<Long> sorted, double p) {
      if (sorted.isEmpty()) {
         return 0;
      }
      int rank = (int) Math.ceil(p / 100 * sorted.size());
      return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
   }

   private static String ms(long micros) {
      return fixed(micros / 1e3, 3);
   }
}
