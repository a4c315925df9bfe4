package jdbcpoollab.run;

import java.io.PrintStream;

/**
 * The standard error, watched once the run has ended at its last step and Gatling writes its report. A stack trace
 * printed there then is Gatling's report failing (no request to report, a full disk), printed by the JVM for the
 * exception that ends its main thread, or by the Gatling Maven plugin's launcher, which catches it: it is kept for
 * the run to end with its own line instead. Before that, and for anything else, the stream passes everything on.
 */
final class ReportFailure extends PrintStream {
   private static final String UNCAUGHT = "Exception in thread ";
   private volatile boolean watching;
   private Throwable failure;
   private boolean inTrace;
   private String uncaught;

   ReportFailure(PrintStream err) {
      super(err, true);
   }

   /** From now on a stack trace is Gatling's report failing. */
   void watch() {
      watching = true;
   }

   /** The exception whose trace was kept, or null. */
   synchronized Throwable failure() {
      return failure;
   }

   @Override
   public synchronized void print(String s) {
      if (watching && s != null && s.startsWith(UNCAUGHT)) {
         uncaught = s;
         return;
      }
      passUncaught();
      super.print(s);
   }

   /** {@link Throwable#printStackTrace(PrintStream)} prints the exception, then each line of its trace, here. */
   @Override
   public synchronized void println(Object x) {
      if (watching && failure == null && x instanceof Throwable t) {
         failure = t;
         uncaught = null;
         inTrace = true;
         return;
      }
      if (inTrace && x instanceof String line && (line.startsWith("\t") || line.startsWith("Caused by: "))) {
         return;
      }
      inTrace = false;
      passUncaught();
      super.println(x);
   }

   @Override
   public synchronized void println(String x) {
      inTrace = false;
      passUncaught();
      super.println(x);
   }

   private void passUncaught() {
      if (uncaught != null) {
         String held = uncaught;
         uncaught = null;
         super.print(held);
      }
   }
}
