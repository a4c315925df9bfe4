package jdbcpoollab.run;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.redact.Redactor;

import java.util.function.Supplier;

/**
 * How a run ends when it cannot go on: one line and an exit code (docs/troubleshooting.md). Gatling's own codes are 0
 * (success), 1 (crash) and 2 (assertions failed). The end goes to whoever owns the JVM ({@link JvmOwner}): by default
 * the run's own JVM, which exits; a harness running simulations in its own JVM gets a {@link LabExit} thrown instead.
 */
public final class Exit {
   /** Gatling's own code when an assertion failed: for the lab, a gate. */
   public static final int GATE_FAILED = 2;
   public static final int INCOMPLETE = 3;
   /** The run is complete and no gate failed, but a baseline comparison could not tell held from regressed. */
   public static final int BASELINE_INCONCLUSIVE = 4;
   /**
    * The run is complete and no gate failed, but its answers are provisional: the load generator, not the database,
    * set the times (a replay whose transactions held their connection more than 20% longer than the application's).
    */
   public static final int PROVISIONAL = 5;
   public static final int BAD_OPTION = 64;
   /** A step had no successful operation inside its window: nothing to size a pool on. */
   public static final int NOTHING_MEASURED = 65;
   public static final int DATABASE_UNAVAILABLE = 69;
   public static final int RESULTS_NOT_WRITABLE = 73;
   public static final int RESULTS_LOST = 74;
   public static final int BUSY = 75;
   /** Gatling's own: it crashed. */
   public static final int GATLING_CRASHED = 1;

   private static volatile JvmOwner owner = OwnJvm.OWN;

   private Exit() {
   }

   /** Hands the ends of the runs that follow to {@code jvmOwner} ({@link OwnJvm#OWN} gives them back). */
   public static void ownedBy(JvmOwner jvmOwner) {
      owner = jvmOwner;
   }

   static JvmOwner owner() {
      return owner;
   }

   /** Reads options; bad input ends the JVM with one line and {@link #BAD_OPTION}, before anything starts. */
   public static <T> T options(Supplier<T> reader) {
      try {
         return reader.get();
      } catch (OptionException e) {
         throw now(BAD_OPTION, e.getMessage());
      }
   }

   /** Ends the run with one line, through the JVM's owner; returns the exit for the caller to throw. */
   public static LabExit now(int code, String message) {
      return owner.end(new LabExit(code, "jdbc-pool-lab: " + Redactor.text(message) + " (exit code " + code + ")"));
   }
}
