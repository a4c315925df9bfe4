package jdbcpoollab.measure;

/** A step's measured window as a watcher follows it ({@link WindowCpu}): whether it is open, whether it has ended. */
public interface Window {
   /** How long a watcher sleeps between looks when the window does not tell when it changes. */
   long POLL_NANOS = 5_000_000;

   /** Whether {@code nanos} falls inside the measured window. */
   boolean inWindow(long nanos);

   /** True until the window has closed or the step was stopped. */
   boolean running(long nowNanos);

   /**
    * How long a watcher may sleep from {@code nowNanos} before the window may have opened or closed: until the
    * planned edge when the window knows it, {@link #POLL_NANOS} when it does not.
    */
   default long quietNanos(long nowNanos) {
      return POLL_NANOS;
   }
}
