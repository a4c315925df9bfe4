package jdbcpoollab.analysis;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UslTest {

   private static double[] throughput(Usl truth, double[] n, double noise, long seed) {
      Random random = new Random(seed);
      double[] x = new double[n.length];
      for (int i = 0; i < n.length; i++) {
         x[i] = truth.throughput(n[i]) * (1 + noise * (2 * random.nextDouble() - 1));
      }
      return x;
   }

   private static void assertWithin5Percent(double expected, double actual, String what) {
      assertTrue(Math.abs(actual - expected) <= 0.05 * expected, what + ": expected " + expected + ", fitted " + actual);
   }

   @Test
   void recoversSigmaKappaAndThePeakFromTheSweepsPoolSizes() {
      Usl truth = new Usl(180, 0.04, 0.0006, 0, 0);
      double[] pools = {1, 2, 4, 8, 16, 32, 64};
      Usl fit = Usl.fit(pools, throughput(truth, pools, 0, 1));
      assertWithin5Percent(truth.lambda(), fit.lambda(), "lambda");
      assertWithin5Percent(truth.sigma(), fit.sigma(), "sigma");
      assertWithin5Percent(truth.kappa(), fit.kappa(), "kappa");
      assertWithin5Percent(Math.sqrt((1 - 0.04) / 0.0006), fit.peak(), "N*");
      assertTrue(fit.rmsRelativeError() < 1e-6, "exact data fits exactly: " + fit.rmsRelativeError());
   }

   @Test
   void recoversSigmaAndKappaFromNoisyMeasurements() {
      Usl truth = new Usl(50, 0.15, 0.002, 0, 0);
      double[] n = new double[64];
      for (int i = 0; i < n.length; i++) {
         n[i] = i + 1;
      }
      Usl fit = Usl.fit(n, throughput(truth, n, 0.005, 42));
      assertWithin5Percent(truth.sigma(), fit.sigma(), "sigma");
      assertWithin5Percent(truth.kappa(), fit.kappa(), "kappa");
      assertTrue(fit.rmsRelativeError() < 0.005, "rms " + fit.rmsRelativeError());
   }

   @Test
   void linearScalingHasNoPeak() {
      double[] pools = {1, 2, 4, 8, 16};
      Usl fit = Usl.fit(pools, new double[] {200, 400, 800, 1600, 3200});
      assertEquals(200, fit.lambda(), 0.5);
      assertEquals(0, fit.sigma(), 1e-6);
      assertTrue(fit.peak() > 1_000, "peak " + fit.peak());
   }

   @Test
   void sigmaAndKappaNeverGoBelowZeroEvenForSuperlinearData() {
      // relative least squares of lambda N alone: lambda = sum(N / X) / sum(N^2 / X^2)
      double[] n = {1, 2, 4, 8};
      double[] x = {115, 270, 560, 1290};
      double num = 0;
      double den = 0;
      for (int i = 0; i < n.length; i++) {
         num += n[i] / x[i];
         den += n[i] * n[i] / (x[i] * x[i]);
      }
      Usl fit = Usl.fit(n, x);
      assertTrue(fit.sigma() >= 0 && fit.sigma() < 1e-6, "sigma " + fit.sigma());
      assertTrue(fit.kappa() >= 0 && fit.kappa() < 1e-6, "kappa " + fit.kappa());
      assertEquals(num / den, fit.lambda(), 0.01 * num / den, "the fit reaches the bound's optimum");
   }

   @Test
   void needsThreePositivePoints() {
      assertThrows(IllegalArgumentException.class, () -> Usl.fit(new double[] {1, 2}, new double[] {1, 2}));
      assertThrows(IllegalArgumentException.class,
            () -> Usl.fit(new double[] {1, 2, 4}, new double[] {1, 0, 2}));
   }
}
