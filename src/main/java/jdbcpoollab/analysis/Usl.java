package jdbcpoollab.analysis;

import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DiagonalMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

/**
 * Gunther's Universal Scalability Law, {@code X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1))}: throughput
 * at concurrency N, with lambda the throughput of one, sigma the share lost to contention (queueing for something
 * shared) and kappa the cost of coherency (every pair of workers keeping each other in step). Throughput peaks at
 * {@code N* = sqrt((1 - sigma) / kappa)}.
 */
public record Usl(double lambda, double sigma, double kappa, int points, double rmsRelativeError) {
   private static final int MAX_ITERATIONS = 10_000;

   public double throughput(double n) {
      return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
   }

   /** The concurrency of peak throughput; infinite when kappa is 0 (no retrograde region). */
   public double peak() {
      return kappa <= 0 ? Double.POSITIVE_INFINITY : Math.sqrt((1 - sigma) / kappa);
   }

   /**
    * Least-squares fit (Levenberg-Marquardt) of relative errors, so that small and large N weigh alike. The optimiser
    * works on square roots of sigma and kappa, which keeps both at or above 0 without stalling at that bound.
    *
    * @param n          concurrency of each point, at least three points
    * @param throughput measured throughput of each point, all above 0
    */
   public static Usl fit(double[] n, double[] throughput) {
      if (n.length != throughput.length || n.length < 3) {
         throw new IllegalArgumentException("a USL fit needs at least 3 points, got " + n.length);
      }
      int smallest = 0;
      double[] weights = new double[n.length];
      for (int i = 0; i < n.length; i++) {
         if (!(throughput[i] > 0) || !(n[i] >= 1)) {
            throw new IllegalArgumentException("point " + i + " has N=" + n[i] + ", X=" + throughput[i]);
         }
         weights[i] = 1 / (throughput[i] * throughput[i]);
         smallest = n[i] < n[smallest] ? i : smallest;
      }
      // parameters: lambda, a, b with sigma = a^2 and kappa = b^2
      MultivariateJacobianFunction model = p -> {
         double lambda = p.getEntry(0);
         double a = p.getEntry(1);
         double b = p.getEntry(2);
         RealVector value = new ArrayRealVector(n.length);
         double[][] jacobian = new double[n.length][3];
         for (int i = 0; i < n.length; i++) {
            double x = n[i];
            double d = 1 + a * a * (x - 1) + b * b * x * (x - 1);
            value.setEntry(i, lambda * x / d);
            jacobian[i][0] = x / d;
            jacobian[i][1] = -lambda * x * (x - 1) / (d * d) * 2 * a;
            jacobian[i][2] = -lambda * x * x * (x - 1) / (d * d) * 2 * b;
         }
         return new Pair<>(value, new Array2DRowRealMatrix(jacobian, false));
      };
      LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder()
            .model(model)
            .target(throughput)
            .weight(new DiagonalMatrix(weights))
            .start(new double[] {throughput[smallest] / n[smallest], 0.1, 0.01})
            .parameterValidator(p -> {
               p.setEntry(0, Math.max(1e-12, p.getEntry(0)));
               p.setEntry(1, Math.max(-1, Math.min(1, p.getEntry(1))));
               return p;
            })
            .maxEvaluations(MAX_ITERATIONS)
            .maxIterations(MAX_ITERATIONS)
            .build());
      RealVector p = optimum.getPoint();
      return new Usl(p.getEntry(0), p.getEntry(1) * p.getEntry(1), p.getEntry(2) * p.getEntry(2), n.length,
            optimum.getRMS());
   }
}
