package jdbcpoollab.workloads;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Time a user spends outside the database: between the statements of a request (the application works while it
 * holds its connection) or between requests (rendering, calls to other services), drawn anew each time.
 *
 * @param kind   {@code constant}, {@code uniform} (from {@code minMs} to {@code maxMs}) or {@code exponential}
 * @param minMs  the shortest time; the constant's time; 0 for an exponential one
 * @param maxMs  the longest time of a uniform one; the mean of an exponential one; the constant's time
 */
public record Think(String kind, double minMs, double maxMs) {
   /** The kinds {@code -Dthink} takes. */
   public static final List<String> KINDS = Declared.THINK.allowed();
   /** No think time: the user asks again the instant it is served. */
   public static final Think NONE = new Think("constant", 0, 0);

   public Think {
      if (!KINDS.contains(kind)) {
         throw new IllegalArgumentException("think time " + kind + ": known are " + String.join(", ", KINDS));
      }
      if (minMs < 0 || maxMs < minMs || !Double.isFinite(maxMs)) {
         throw new IllegalArgumentException(String.format(Locale.ROOT, "think time from %s to %s ms: times are 0 or"
               + " more, the first no larger than the second", minMs, maxMs));
      }
   }

   /** The same time every time. */
   public static Think constant(double ms) {
      return new Think("constant", ms, ms);
   }

   /** Any time from {@code minMs} to {@code maxMs}, each as likely. */
   public static Think uniform(double minMs, double maxMs) {
      return new Think("uniform", minMs, maxMs);
   }

   /** Exponentially distributed times of mean {@code meanMs}: many short pauses, a few long ones. */
   public static Think exponential(double meanMs) {
      return new Think("exponential", 0, meanMs);
   }

   /**
    * {@code -DthinkMs=N} (the mean, in ms, 0 or more) and {@code -Dthink=constant|uniform|exponential} (default
    * constant; uniform draws from 0 to 2N, so that its mean is N too); {@code fallback} when {@code -DthinkMs} is not
    * given.
    */
   public static Think from(Options options, Think fallback) {
      String kind = options.read(Declared.THINK);
      if (options.raw(Declared.THINK_MS) == null) {
         if (options.raw(Declared.THINK) != null) {
            throw Options.bad(Declared.THINK, kind, "only with -DthinkMs=N, the mean think time in ms");
         }
         return fallback;
      }
      double mean = options.read(Declared.THINK_MS);
      return switch (kind) {
         case "uniform" -> uniform(0, 2 * mean);
         case "exponential" -> exponential(mean);
         default -> constant(mean);
      };
   }

   /** The mean time, in ms: Z of Little's law for a closed loop with think time. */
   public double meanMs() {
      return kind.equals("exponential") ? maxMs : (minMs + maxMs) / 2;
   }

   /** True when the user never thinks. */
   public boolean none() {
      return maxMs == 0;
   }

   /** The next time to think, in nanoseconds. */
   public long nextNanos(RandomGenerator random) {
      double ms = switch (kind) {
         case "uniform" -> minMs + random.nextDouble() * (maxMs - minMs);
         case "exponential" -> maxMs == 0 ? 0 : random.nextExponential() * maxMs;
         default -> minMs;
      };
      return Math.round(ms * 1e6);
   }

   /** How summaries and the page name it, such as {@code exponential, mean 100 ms}. */
   public String describe() {
      return switch (kind) {
         case "uniform" -> "uniform " + ms(minMs) + " to " + ms(maxMs) + " ms";
         case "exponential" -> "exponential, mean " + ms(maxMs) + " ms";
         default -> ms(minMs) + " ms";
      };
   }

   /** Whole numbers without a fraction, others to the microsecond. */
   private static String ms(double ms) {
      return ms == Math.rint(ms) ? Long.toString((long) ms) : String.format(Locale.ROOT, "%.3f", ms);
   }

   /**
    * Waits {@code nanos}, within about 20 µs ({@link PreciseWait}); false when interrupted (the interrupt is kept for
    * the caller), as a step whose database was lost interrupts its users.
    */
   public static boolean sleep(long nanos) {
      return PreciseWait.nanos(nanos);
   }
}
