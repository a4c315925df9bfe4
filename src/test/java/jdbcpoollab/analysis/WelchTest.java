package jdbcpoollab.analysis;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.Sample;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WelchTest {
   // The reference experiment's published runs (seconds), Pro*C CPOOL on Oracle 18c: option 1 (cmin=32 cmax=70),
   // option 2 (cmin=35 cmax=76), and option 3 (no pool) measured next to each of them.
   private static final double[] OPTION_1 = {3.168836, 4.15932, 3.164903, 4.167968, 3.16096, 6.199934, 3.17522,
         4.163007, 3.164319, 4.181868};
   private static final double[] NO_POOL_1 = {6.258422, 4.272355, 4.176438, 4.231537, 4.215119, 4.224345, 4.214227,
         4.196586, 4.189533, 4.227321};
   private static final double[] OPTION_2 = {3.282291, 3.272687, 3.289279, 3.275381, 3.281474, 3.287688, 3.279833,
         6.275289, 3.267163, 4.279275};
   private static final double[] NO_POOL_2 = {4.345065, 4.180738, 4.247147, 4.277969, 4.25995, 4.243699, 4.227971,
         4.208495, 4.202406, 4.28394};

   @Test
   void aCaseWorkedByHandFromTheTTable() {
      // means 3 and 5, both variances 2.5: standard error 1, t = -2, df = 1 / (2 * 0.5^2 / 4) = 8,
      // two-sided p of t=2 at 8 df = 0.0805, t(0.975, 8) = 2.306
      Welch w = Welch.compare(new double[] {1, 2, 3, 4, 5}, new double[] {3, 4, 5, 6, 7});
      assertEquals(-2.0, w.difference(), 1e-12);
      assertEquals(-200.0 / 3, w.savingPct(), 1e-9);
      assertEquals(-2.0, w.t(), 1e-12);
      assertEquals(8.0, w.df(), 1e-12);
      assertEquals(0.0805162, w.p(), 1e-6);
      assertEquals(-2 - 2.306004, w.ciLow(), 1e-6);
      assertEquals(-2 + 2.306004, w.ciHigh(), 1e-6);
      assertEquals("not significant at 5%", w.verdict());
   }

   @Test
   void theReferenceExperimentsSavingsAreNotSignificant() {
      // expected values computed independently with SciPy 1.17: scipy.stats.ttest_ind(no_pool, option,
      // equal_var=False) and its confidence_interval(0.95)
      Welch first = Welch.compare(NO_POOL_1, OPTION_1);
      assertEquals(12.44, first.savingPct(), 0.005, "the article's 12.44%");
      assertEquals(1.5051343, first.t(), 1e-6);
      assertEquals(15.788255, first.df(), 1e-5);
      assertEquals(0.1520320, first.p(), 1e-6);
      assertEquals(-0.2254738, first.ciLow(), 1e-6);
      assertEquals(1.3253834, first.ciHigh(), 1e-6);
      assertFalse(first.significant());
      assertEquals("not significant at 5%", first.verdict());

      Welch second = Welch.compare(NO_POOL_2, OPTION_2);
      assertEquals(13.39, second.savingPct(), 0.005, "the article's 13.39%");
      assertEquals(1.8616540, second.t(), 1e-6);
      assertEquals(9.0436926, second.df(), 1e-5);
      assertEquals(0.0954021, second.p(), 1e-6);
      assertEquals(-0.1218380, second.ciLow(), 1e-6);
      assertEquals(1.2592420, second.ciHigh(), 1e-6);
      assertEquals("not significant at 5%", second.verdict());
   }

   @Test
   void theSameMeansWithAnEvenSpreadAreStillNoise() {
      // means 3.871 and 4.421 as in the article, runs between 3.2 and 6.3 s: one slow run in ten on either side
      double[] pooled = {3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9, 4.01, 6.3};
      double[] unpooled = {3.7, 3.9, 4.0, 4.1, 4.2, 4.3, 4.4, 4.5, 4.81, 6.3};
      assertEquals(3.871, Sample.of(pooled).mean(), 1e-9);
      assertEquals(4.421, Sample.of(unpooled).mean(), 1e-9);
      Welch w = Welch.compare(unpooled, pooled);
      assertEquals(12.44, w.savingPct(), 0.01);
      assertTrue(w.p() > 0.1, "p = " + w.p());
      assertTrue(w.ciLow() < 0 && w.ciHigh() > 0, "the interval holds zero");
      assertEquals("not significant at 5%", w.verdict());
   }

   @Test
   void aClearDifferenceIsSignificant() {
      Welch w = Welch.compare(new double[] {4.2, 4.3, 4.25, 4.22, 4.28}, new double[] {3.1, 3.2, 3.15, 3.12, 3.18});
      assertTrue(w.p() < 0.001, "p = " + w.p());
      assertTrue(w.ciLow() > 0);
      assertEquals("significant at 5%", w.verdict());
   }

   @Test
   void withoutTwoRunsOrAnySpreadThereIsNoTest() {
      Welch one = Welch.compare(new double[] {4.0}, new double[] {3.0, 3.1});
      assertEquals(23.75, one.savingPct(), 1e-9);
      assertTrue(Double.isNaN(one.p()));
      assertEquals("n/a (needs 2+ runs of each)", one.verdict());
      Welch flat = Welch.compare(new double[] {4.0, 4.0}, new double[] {3.0, 3.0});
      assertTrue(Double.isNaN(flat.p()));
      assertEquals("n/a (no spread)", flat.verdict());
   }

   @Test
   void sampleDescribesTheRuns() {
      Sample s = Sample.of(OPTION_1);
      assertEquals(10, s.n());
      assertEquals(3.8706335, s.mean(), 1e-9);
      assertEquals((3.17522 + 4.15932) / 2, s.median(), 1e-9);
      assertEquals(0.9578001, s.stddev(), 1e-6);
      assertEquals(3.16096, s.min());
      assertEquals(6.199934, s.max());
      assertTrue(Double.isNaN(Sample.of(new double[] {1}).stddev()));
   }

   @Test
   void theSavingsIntervalIsTheRatiosIntervalOnItsLogWorkedByHand() {
      // log R = log(3 / 4) = -0.287682; var of each log mean = s^2 / (n mean^2) = 0.16 / 48 = 0.09 / 27 = 1/300;
      // se = sqrt(2/300) = 0.0816497, df = 4, t(0.975, 4) = 2.776445: R in exp(-0.287682 -+ 0.226696)
      Welch w = Welch.compare(new double[] {4, 4.4, 3.6}, new double[] {3, 3.3, 2.7});
      double[] ratio = Welch.ratioInterval(new double[] {4, 4.4, 3.6}, new double[] {3, 3.3, 2.7});
      assertEquals(0.5978724, ratio[0], 1e-6);
      assertEquals(0.9408361, ratio[1], 1e-6);
      assertEquals(25.0, w.savingPct(), 1e-9);
      assertEquals(5.916385, w.savingLowPct(), 1e-5);
      assertEquals(40.212756, w.savingHighPct(), 1e-5);
   }

   @Test
   void theSavingsIntervalNeverReachesAHundredPercent() {
      // an option whose runs spread widely: the difference's interval, divided by the baseline mean, goes past 100%
      double[] base = {4.0, 4.1, 3.9};
      double[] option = {0.4, 2.9, 0.2};
      Welch w = Welch.compare(base, option);
      assertTrue(100 * w.ciHigh() / 4.0 > 100, "the old way: " + 100 * w.ciHigh() / 4.0);
      assertTrue(w.savingHighPct() < 100, "ratio interval: " + w.savingHighPct());
      assertTrue(w.savingLowPct() < w.savingPct() && w.savingPct() < w.savingHighPct());
      assertEquals(w.savingPct(), 100 * (1 - Math.sqrt(Welch.ratioInterval(base, option)[0]
            * Welch.ratioInterval(base, option)[1])), 1e-9, "symmetric around the ratio on the log scale");
   }

   @Test
   void summaryJsonHoldsTheFieldsTheDocsNameRoundedToTheMicro() {
      Welch w = Welch.compare(new double[] {1.0, 1.2, 1.1, 1.3}, new double[] {0.5, 0.55, 0.6, 0.52});
      assertEquals("""
            {
              "difference" : 0.6075,
              "savingPct" : 52.826087,
              "ci95" : [ 0.41154, 0.80346 ],
              "savingCi95Pct" : [ 43.906601, 60.327274 ],
              "t" : 8.918808,
              "df" : 3.672339,
              "p" : 0.0012824702859100898,
              "verdict" : "significant at 5%"
            }
            """, Json.toJson(w));
      assertEquals(List.of("difference", "savingPct", "ci95", "savingCi95Pct", "t", "df", "p", "verdict"),
            List.copyOf(Json.toMap(Welch.compare(new double[] {1.0}, new double[] {0.5, 0.6})).keySet()));
   }

   @Test
   void whatSummaryJsonHoldsReadsBackEqualNoNumbersAsNaN() {
      Welch tested = new Welch(0.5, 50.0, 2.5, 7.25, 0.03125, 0.25, 0.75, 20.0, 60.0);
      assertEquals(tested, Json.as(Json.toMap(tested), Welch.class));
      Welch untested = new Welch(0.45, 45.0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN);
      Map<String, Object> written = Json.toMap(untested);
      assertEquals(null, written.get("ci95"));
      assertEquals("n/a (needs 2+ runs of each)", written.get("verdict"));
      assertEquals(untested, Json.as(written, Welch.class));
   }
}
