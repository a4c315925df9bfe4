package jdbcpoollab.measure;

import org.HdrHistogram.Recorder;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Records the requests of one open-model step: each arrives, waits for a request thread, then for a connection,
 * runs the statement and gives the connection back. The {@link StepRecorder} underneath holds the window and the
 * acquire, query and total histograms; here the total runs from the arrival, so a queue in front of the pool shows
 * in it, and the wait for a request thread is kept on its own. Thread-safe and wait-free for the recording threads.
 */
public final class ArrivalRecorder {
   /** The error of a request refused because the request threads' queue was full. */
   public static final String REFUSED = "refused: every request thread busy and the request queue full";
   private static final int DIGITS = 3;

   private final StepRecorder step;
   private final double rate;
   private final int threads;
   private final Recorder queue = new Recorder(DIGITS);
   private final LongAdder refused = new LongAdder();
   private final LongAdder refusedOutside = new LongAdder();
   private final LongAdder unserved = new LongAdder();
   private final long measuredArrivals;
   private final AtomicLong arrivals = new AtomicLong();
   /** Failures of requests that arrived after the measured ones, by message: outside the window. */
   private final Map<String, Long> failedBeyond = new ConcurrentHashMap<>();

   /**
    * @param step    the window and histograms; its users are the request threads
    * @param rate    the offered arrival rate, per second
    * @param threads how many request threads serve the arrivals
    */
   public ArrivalRecorder(StepRecorder step, double rate, int threads) {
      this(step, rate, threads, Long.MAX_VALUE);
   }

   /**
    * As {@link #ArrivalRecorder(StepRecorder, double, int)}, measuring only the first {@code measuredArrivals}
    * arrivals: those after them (a replay's tail, the capture's start again after its window) keep the load on and
    * are never counted inside the window, wherever they end.
    */
   public ArrivalRecorder(StepRecorder step, double rate, int threads, long measuredArrivals) {
      this.step = step;
      this.rate = rate;
      this.threads = threads;
      this.measuredArrivals = measuredArrivals;
   }

   /** The window and its histograms, for the step's sampler. */
   public StepRecorder window() {
      return step;
   }

   /** Starts watching the window's CPU, as a closed-loop step's ({@link StepRecorder#watchCpu()}). */
   public WindowCpu watchCpu() {
      return step.watchCpu();
   }

   /**
    * A request arrives: the first one starts the step's clock.
    *
    * @return whether it is measured: one of the first {@code measuredArrivals}
    */
   public boolean arrived(long arrivalNanos) {
      step.start(arrivalNanos);
      return arrivals.getAndIncrement() < measuredArrivals;
   }

   /** A request thread picks a request up. */
   public void begin(long thread, long nowNanos) {
      step.begin(thread, nowNanos);
   }

   /** The request thread's request got its connection: from now on it is in the database. */
   public void acquired(long thread, long nowNanos) {
      step.acquired(step.user(thread), nowNanos);
   }

   public boolean running(long nowNanos) {
      return step.running(nowNanos);
   }

   public void stop(long nowNanos) {
      step.stop(nowNanos);
   }

   /**
    * A served request.
    *
    * @return true if it completed inside the measured window
    */
   public boolean record(long thread, long arrivalNanos, long pickedUpNanos, long acquireNanos, long queryNanos,
                         long endNanos, String error) {
      boolean measured = step.record(thread, acquireNanos, queryNanos, endNanos - arrivalNanos, endNanos, error);
      if (measured) {
         queue.recordValue(Math.max(0, pickedUpNanos - arrivalNanos));
      }
      return measured;
   }

   /**
    * A request refused at its arrival: counted as failed when it is measured and arrived inside the window.
    *
    * @return true if it arrived inside the measured window
    */
   public boolean refused(long arrivalNanos, boolean measured) {
      boolean inWindow = measured && step.inWindow(arrivalNanos);
      (inWindow ? refused : refusedOutside).increment();
      return inWindow;
   }

   /**
    * A request served after the measured arrivals ended, with its failure message or null: never inside the window.
    */
   public void beyond(String error) {
      if (error != null) {
         failedBeyond.merge(error, 1L, Long::sum);
      }
   }

   /** A request picked up after the window closed, dropped without running: the run does not wait for a backlog. */
   public void unserved() {
      unserved.increment();
   }

   /**
    * The step's numbers; requests refused inside the window count as failed operations of the step, so that the
    * gates and the answer see them. Call once, after all its requests have ended.
    */
   public ArrivalResult result(long nowNanos) {
      return result(nowNanos, DatabaseActivity.NONE, null);
   }

   /**
    * The step's numbers with what the database did and the client's CPU, as a closed-loop step has them ({@link
    * StepRecorder#result(long, DatabaseActivity, WindowCpu)}); the loop's gaps and think time are a closed loop's and
    * left out.
    *
    * @param cpu what the load generator's JVM used of the machine during the window, or null when not watched
    */
   public ArrivalResult result(long nowNanos, DatabaseActivity database, WindowCpu cpu) {
      StepResult s = step.result(nowNanos, database, cpu);
      StepResources r = s.resources();
      long refusedIn = refused.sum();
      Map<String, Long> errors = new LinkedHashMap<>(s.outcome().errors());
      if (refusedIn + refusedOutside.sum() > 0) {
         errors.merge(REFUSED, refusedIn + refusedOutside.sum(), Long::sum);
      }
      failedBeyond.forEach((message, n) -> errors.merge(message, n, Long::sum));
      long beyond = failedBeyond.values().stream().mapToLong(Long::longValue).sum();
      StepCounts c = s.counts();
      StepResult withRefused = new StepResult(s.id(), new StepCounts(threads, c.seconds(), c.ok(), c.ko() + refusedIn,
            c.koOutside() + refusedOutside.sum() + beyond, c.throughput()), s.times(),
            new StepOutcome(s.outcome().perUser(), errors, s.outcome().complete()),
            new StepResources(null, Double.NaN, null, r.database(), r.clientCpu(), r.machine()),
            s.checks().openLoop(c.users(), rate, s.times().total().avg()), StepRuntime.NONE);
      return new ArrivalResult(withRefused, rate, threads, Timing.of(queue.getIntervalHistogram()), refusedIn,
            unserved.sum());
   }
}
