package jdbcpoollab.run;

import java.util.function.Consumer;
import java.util.function.IntSupplier;

/** The run has the JVM to itself and ends it: the owner of every run's JVM unless a harness installs itself. */
public final class OwnJvm implements JvmOwner {
   /** Ends the JVM: a failure's line on the standard error, then the exit code. */
   public static final JvmOwner OWN = new OwnJvm();

   private volatile ReportFailure err;

   private OwnJvm() {
   }

   @Override
   public LabExit end(LabExit exit) {
      if (exit.code() != 0) {
         System.err.println(exit.getMessage());
      }
      System.out.flush();
      System.err.flush();
      System.exit(exit.code());
      return exit;
   }

   /**
    * After the shutdown, a run whose exit code is not 0 halts the JVM with it: Gatling has written its report by
    * then and asked for exit code 0, and a shutdown hook is the only place left to change it. The shutdown is given
    * Gatling's report failure, if the standard error saw one ({@link ReportFailure}).
    */
   @Override
   public void started(Consumer<Throwable> shutdown, IntSupplier exitCode) {
      ReportFailure watched = new ReportFailure(System.err);
      err = watched;
      System.setErr(watched);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
         shutdown.accept(watched.failure());
         int code = exitCode.getAsInt();
         if (code != 0) {
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(code);
         }
      }, "lab-shutdown"));
      Signals.watch();
      ParentWatch.endWithParent();
   }

   @Override
   public void reportFollows() {
      ReportFailure watched = err;
      if (watched != null) {
         watched.watch();
      }
   }
}
