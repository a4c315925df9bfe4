package jdbcpoollab.workloads;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Think times drawn from their distributions (their means on many samples, no sleeping) and read from options. */
class ThinkTest {
   private static final int SAMPLES = 200_000;

   private static double meanMs(Think think) {
      SplittableRandom random = new SplittableRandom(7);
      return LongStream.range(0, SAMPLES).map(i -> think.nextNanos(random)).average().orElseThrow() / 1e6;
   }

   @Test
   void eachDistributionHasTheMeanItSays() {
      assertEquals(20, meanMs(Think.constant(20)), 1e-9);
      assertEquals(15, meanMs(Think.uniform(10, 20)), 0.1);
      assertEquals(100, meanMs(Think.exponential(100)), 1.5);
      assertEquals(100, Think.exponential(100).meanMs());
      assertEquals(15, Think.uniform(10, 20).meanMs());
   }

   @Test
   void aUniformOneStaysInItsRangeAnExponentialOneHasItsSpread() {
      SplittableRandom random = new SplittableRandom(3);
      Think uniform = Think.uniform(10, 20);
      assertTrue(LongStream.range(0, 10_000).map(i -> uniform.nextNanos(random))
            .allMatch(n -> n >= 10_000_000 && n <= 20_000_000));
      long[] exp = LongStream.range(0, SAMPLES).map(i -> Think.exponential(100).nextNanos(random)).toArray();
      double aboveMean = LongStream.of(exp).filter(n -> n > 100_000_000).count() / (double) SAMPLES;
      assertEquals(Math.exp(-1), aboveMean, 0.01, "P(Z > mean) of an exponential");
   }

   private static Think read(Map<String, String> given) {
      Properties p = new Properties();
      p.putAll(given);
      return Think.from(new Options(p, Map.of()), Think.NONE);
   }

   @Test
   void theOptionsGiveTheMeanAndTheKind() {
      assertEquals(Think.NONE, read(Map.of()));
      assertEquals(Think.constant(50), read(Map.of("thinkMs", "50")));
      assertEquals(Think.uniform(0, 100), read(Map.of("thinkMs", "50", "think", "uniform")));
      assertEquals(Think.exponential(50), read(Map.of("thinkMs", "50", "think", "exponential")));
   }

   @Test
   void aNegativeTimeOrAKindWithoutATimeIsRefused() {
      OptionException negative = assertThrows(OptionException.class, () -> read(Map.of("thinkMs", "-5")));
      assertTrue(negative.getMessage().contains("-DthinkMs=-5"), negative.getMessage());
      assertThrows(OptionException.class, () -> read(Map.of("think", "uniform")));
      assertThrows(OptionException.class, () -> read(Map.of("thinkMs", "5", "think", "gaussian")));
   }
}
