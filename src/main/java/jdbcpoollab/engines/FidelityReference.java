package jdbcpoollab.engines;

import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.KindResult;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.reference.PlainThreads;
import jdbcpoollab.reference.ReferenceResult;
import jdbcpoollab.workloads.Workload;

import java.util.List;
import java.util.Locale;
import jdbcpoollab.run.Lab;
import jdbcpoollab.runoptions.Seconds;

/**
 * A step of Fidelity's reference: {@link PlainThreads} on a HikariCP pool of the lab's configuration, opened for it
 * alone and filled before the load, closed after; what they measured is written as a step of the run's summaries.
 *
 * @param id      the step's name and pool size
 * @param threads how many plain threads run the loop
 * @param seconds its measured window
 */
record FidelityReference(StepId id, int threads, double seconds, Measured measured) {
   /** What the step measured once it has run: the reference's own result and the same as a step. */
   static final class Measured {
      private volatile ReferenceResult reference;
      private volatile StepResult step;
   }

   FidelityReference(StepId id, int threads, double seconds) {
      this(id, threads, seconds, new Measured());
   }

   String name() {
      return id.name();
   }

   /** The reference's own result, or null before it ran (or when its pool could not be opened). */
   ReferenceResult reference() {
      return measured.reference;
   }

   /** The same as a step of summary.json, or null before it ran. */
   StepResult step() {
      return measured.step;
   }

   /**
    * Opens its pool ({@code opener}), runs the plain threads on it ({@code warmupSeconds}, then the window) and
    * closes it; a step {@code reported} is announced and counted on the lab's console. Returns the step, or null
    * when it was not measured.
    */
   StepResult run(Lab lab, ConnectionSource.Opener opener, Workload workload, double warmupSeconds, boolean reported) {
      long opening = System.nanoTime();
      try (ConnectionSource pool = opener.open()) {
         long openNanos = System.nanoTime() - opening;
         if (reported) {
            lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, plain threads start", name(),
                  openNanos / 1e6), openNanos);
         }
         ReferenceResult r = PlainThreads.run(workload, pool, threads, Seconds.nanos(warmupSeconds),
               Seconds.nanos(seconds));
         measured.reference = r;
         measured.step = step(id, r);
         return measured.step;
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      } catch (Exception e) {
         if (reported) {
            lab.stepStarted(name() + ": pool not opened: " + e.getMessage());
            lab.stepFinished(name() + ": not measured");
         }
      }
      return null;
   }

   /** Each kind of a mix and each statement of a request the reference ran, as the lab's steps list theirs. */
   List<KindResult> kinds() {
      return measured.reference.kinds().entrySet().stream().map(e -> new KindResult(e.getKey(), e.getValue().ok(),
            e.getValue().ko(), Timing.of(e.getValue().acquire()), Timing.of(e.getValue().query()),
            Timing.of(e.getValue().total()))).toList();
   }

   /** What the reference measured as a step of summary.json: its counts, times and the JVM's CPU in its window. */
   static StepResult step(StepId id, ReferenceResult r) {
      long gaps = r.gaps().getTotalCount();
      return new StepResult(id, new StepCounts(r.threads(), r.seconds(), r.ok(), r.ko(), r.koOutside(), r.throughput()),
            new StepTimes(Timing.of(r.acquire()), Timing.of(r.query()), Timing.of(r.total())),
            new StepOutcome(UserSpread.of(r.okPerThread()), r.errors(), r.complete()),
            new StepResources(null, gaps == 0 ? Double.NaN : Timing.ms(r.gaps().getMean()), DatabaseActivity.NONE,
                  ClientCpu.of(r.processCpuNanos(), Math.round(r.seconds() * 1e9),
                        Runtime.getRuntime().availableProcessors(), r.ok())), StepChecks.NONE, StepRuntime.NONE);
   }
}
