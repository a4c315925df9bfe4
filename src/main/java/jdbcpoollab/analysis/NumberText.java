package jdbcpoollab.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * How a number is shown to a reader: in tables, pages, console lines and gate verdicts. It lives here, below the
 * report, because a gate's result carries its allowed bound as text into {@code summary.json}.
 */
public final class NumberText {

   private NumberText() {
   }

   /** {@code digits} decimals; "n/a" for a number that is not finite (a step with no successful operation). */
   public static String fixed(double v, int digits) {
      return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + digits + "f", v) : "n/a";
   }

   /** {@code digits} decimals; "n/a" for NaN. */
   public static String fixedOrNa(double v, int digits) {
      return Double.isNaN(v) ? "n/a" : fixed(v, digits);
   }

   /** A percentage with {@code digits} decimals, such as {@code 12.50%}; "n/a" for NaN. */
   public static String percentOrNa(double v, int digits) {
      return Double.isNaN(v) ? "n/a" : fixed(v, digits) + "%";
   }

   /** A change in percent with its sign, such as {@code +20.1%}; "n/a" for NaN. */
   public static String signedPercent(double v) {
      return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", v);
   }

   /** A ratio as a whole percentage, such as {@code 93%}; empty when it is not finite. */
   public static String ratioPercent(double ratio) {
      return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.0f%%", 100 * ratio) : "";
   }

   /** A share such as 0.42 as a whole percentage, {@code 42%}; "n/a" when it is not finite. */
   public static String sharePercent(double share) {
      return Double.isFinite(share) ? fixed(100 * share, 0) + "%" : "n/a";
   }

   /** At most three decimals, no trailing zeros; "n/a" for NaN. */
   public static String trimmed(double value) {
      if (Double.isNaN(value)) {
         return "n/a";
      }
      if (Double.isInfinite(value)) {
         return value > 0 ? "∞" : "-∞";
      }
      return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
   }

   /** As an option gives it: a whole number without decimals, any other in full. */
   public static String asGiven(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
   }
}
