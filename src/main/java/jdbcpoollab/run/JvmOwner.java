package jdbcpoollab.run;

import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Whoever owns the JVM a run is in, and so alone ends it. By default the run's own JVM ({@link OwnJvm#OWN}): the one
 * {@code mvn gatling:test} forks for Gatling, or Maven's own for {@link Preflight}. A harness that runs simulations
 * inside its own JVM installs itself with {@link Exit#ownedBy} and is handed each end instead.
 */
public interface JvmOwner {
   /**
    * The run ends here, before its load or without one: {@link OwnJvm#OWN} prints the line of a failure (a run ending
    * with 0 has printed its own) and exits with the code; a harness returns the exit, which the lab throws to it.
    */
   LabExit end(LabExit exit);

   /**
    * A run has started: {@code shutdown} is to run when the JVM ends (Ctrl-C, SIGTERM, an exit, Gatling's last
    * line), given the exception Gatling's report failed with after the run ({@link #reportFollows}), or null;
    * {@code exitCode} is the run's code once it ended (0 until then, and for a run that leaves Gatling's own).
    * {@link OwnJvm#OWN} also ends the JVM when the process that started it ends ({@link ParentWatch}).
    */
   void started(Consumer<Throwable> shutdown, IntSupplier exitCode);

   /**
    * The run has ended at its last step and Gatling writes its report now: an exception it fails with is the run's
    * to tell, in one line, rather than Gatling's stack trace. A harness that gets Gatling's exceptions itself ignores
    * it.
    */
   default void reportFollows() {
   }
}
