package jdbcpoollab.run;

import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Every line a run prints, with the database password masked: the steps' lines ("[step/steps] line"), the run's own
 * ("jdbc-pool-lab: …") and its closing tables. Once the run is interrupted the steps' lines stop, so that the
 * interrupted line stays the last (users still running while the JVM ends would print more).
 */
public final class Console {
   private final UnaryOperator<String> redact;
   private volatile boolean interrupted;

   Console(UnaryOperator<String> redact) {
      this.redact = redact;
   }

   /** A line of a step. */
   void step(int step, int steps, String line) {
      if (!interrupted) {
         System.out.printf(Locale.ROOT, "[%d/%d] %s%n", step, steps, redact.apply(line));
      }
   }

   /** A line of the run on the standard output: "jdbc-pool-lab: " and the line. */
   public void say(String line) {
      System.out.println("jdbc-pool-lab: " + redact.apply(line));
   }

   /** A line of the run on the standard error. */
   public void warn(String line) {
      System.err.println("jdbc-pool-lab: " + redact.apply(line));
   }

   /** A line as it is (the gates' verdict, an incomplete step, an empty line). */
   void line(String line) {
      System.out.println(redact.apply(line));
   }

   /** Text as it is: the closing tables. */
   void print(String text) {
      System.out.print(redact.apply(text));
   }

   /** The text with the database password masked, for what the run writes. */
   String redact(String text) {
      return redact.apply(text);
   }

   /** Stops the steps' lines: the run is interrupted. */
   void interrupted() {
      interrupted = true;
   }

   /** The last line of an interrupted run, on the standard error. */
   void interruptedLine(String line) {
      warn(line);
   }
}
