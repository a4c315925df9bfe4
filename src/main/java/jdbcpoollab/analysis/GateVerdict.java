package jdbcpoollab.analysis;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What a gate said of a step: a limit passed or failed; a baseline comparison held, regressed or was inconclusive
 * (the two runs' noise does not tell). Only a failed limit and a regression fail the run's gates.
 */
public enum GateVerdict {
   PASSED("pass"), FAILED("FAIL"), HELD("held"), REGRESSED("FAIL"), INCONCLUSIVE("inconclusive");

   private final String word;

   GateVerdict(String word) {
      this.word = word;
   }

   /** Whether the gate let the step pass: an inconclusive comparison does not fail it. */
   public boolean passes() {
      return this != FAILED && this != REGRESSED;
   }

   /** How tables show it: {@code pass}, {@code FAIL}, {@code held} or {@code inconclusive}. */
   public String word() {
      return word;
   }

   @JsonValue
   public String json() {
      return name().toLowerCase(Locale.ROOT);
   }
}
