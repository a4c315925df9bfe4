package jdbcpoollab.measure;

/** A step's measured window as a watcher polls it ({@link WindowCpu}): whether it is open, whether it has ended. */
public interface Window {
   /** Whether {@code nanos} falls inside the measured window. */
   boolean inWindow(long nanos);

   /** True until the window has closed or the step was stopped. */
   boolean running(long nowNanos);
}
