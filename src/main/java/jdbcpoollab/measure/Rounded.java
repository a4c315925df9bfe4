package jdbcpoollab.measure;

/** How numbers are rounded before they are written to {@code summary.json}. */
public final class Rounded {

   private Rounded() {
   }

   /** {@code v} rounded half up to {@code digits} decimals. */
   public static double to(double v, int digits) {
      double scale = Math.pow(10, digits);
      return Math.round(v * scale) / scale;
   }

   /** The same, or null for NaN and infinities: JSON has no such numbers, a missing value is null. */
   public static Double orNull(double v, int digits) {
      return Double.isFinite(v) ? to(v, digits) : null;
   }
}
