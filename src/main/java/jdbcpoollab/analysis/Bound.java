package jdbcpoollab.analysis;

/** Which side of a gate's limit passes; the limit itself passes. */
public enum Bound {
   AT_MOST("≤", ">"), AT_LEAST("≥", "<");

   private final String keeps;
   private final String breaks;

   Bound(String keeps, String breaks) {
      this.keeps = keeps;
      this.breaks = breaks;
   }

   /** Whether {@code measured} keeps the limit; a value not measured (NaN) is no evidence, and fails. */
   boolean passes(double measured, double limit) {
      return !Double.isNaN(measured) && (this == AT_MOST ? measured <= limit : measured >= limit);
   }

   public String keeps() {
      return keeps;
   }

   public String breaks() {
      return breaks;
   }
}
