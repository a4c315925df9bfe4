package jdbcpoollab.report;

import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.trimmed;

/**
 * {@code results/<run>/index.html} of a Replay: the headroom first, then per speed RateSweep's answer, charts and
 * steps, the measured pool beside Erlang C's.
 */
public final class ReplayPage {
   private static final String REPLAYED = "<b>Replayed arrivals</b>: each captured request (a transaction or an "
         + "autocommit statement) arrives at its captured time divided by the speed, whether or not earlier ones are "
         + "done (an open model); its statements keep their captured gaps.";

   private ReplayPage() {
   }

   /**
    * Writes the page and its charts into the run's folder.
    *
    * @param bySpeed  the answers per speed
    * @param headroom the answer across speeds in one sentence
    * @param requests the requests each step's window holds: the capture's
    */
   public static Path write(SweepRun run, Map<Double, List<RateAnswer>> bySpeed, String headroom, int requests) {
      List<RateAnswer> answers = bySpeed.values().stream().flatMap(List::stream).toList();
      Html html = RateSweepPage.head(run, "For the captured traffic, which pool, today and sped up?");
      if (answers.isEmpty()) {
         html.boxHtml("warn", "This run has no finished step yet.");
      } else {
         html.boxHtml(RateSweepPage.kind(answers), "<b>Headroom: " + Html.escape(headroom) + "</b>"
               + RateSweepPage.headlines(answers) + "<br><span class=\"muted\">Rule: per speed, the smallest pool "
               + "whose P99 total time from arrival meets the SLO with no failure, and whose P99 acquire wait "
               + "counting the waits still open at the window's close meets it too. Reasoning per speed below."
               + "</span>");
         html.table(RateTables.answers(answers));
      }
      RateSweepPage.settings(html, run);
      bySpeed.forEach((speed, list) -> list.forEach(a -> RateSweepPage.answer(html, run.folder(), a,
            "Speed " + trimmed(speed) + "x: " + fixed(a.rate(), 1) + " requests/s, the capture's " + requests
                  + " requests in each window", fileStem(a.workload()), fileStem(a.workload()))));
      RateSweepPage.definitions(html, REPLAYED);
      return RateSweepPage.written(run, html);
   }

   /** A name as a file name: "replay 2x" as "replay-2x". */
   private static String fileStem(String name) {
      return name.replaceAll("[^A-Za-z0-9._-]+", "-");
   }
}
