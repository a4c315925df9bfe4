package jdbcpoollab.load;

import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.measure.ArrivalRecorder;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.WindowCpu;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.Workload;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One workload at one pool size under an open load: requests arrive at their own pace, each is handed to one of
 * {@code threads} request threads (platform threads, as a servlet container has, or virtual ones: {@link UserThreads};
 * an arrival that finds every one
 * busy waits in a queue of at most {@code queueLimit}, beyond which it is refused), which borrows a connection, runs
 * the statement and gives the connection back. Every time is taken from the arrival, so a pool that is too small
 * cannot hide its queue by slowing the arrivals down (no coordinated omission).
 */
public final class OpenStep implements LoadStep {
   private final Workload workload;
   private final String requestName;
   private final SharedSource source;
   private final ArrivalRecorder recorder;
   private final int requestThreads;
   private final int queueLimit;
   private final UserThreads kind;
   private volatile ThreadPoolExecutor requests;
   private volatile DatabaseWatch watch;
   private volatile String lostReason;
   private volatile Supplier<ServerActivity> activity;
   private volatile long sampleAtMostNanos;
   private volatile StepSampler sampler;
   /** The server's count of rows written, for a read-only workload; null otherwise. */
   private volatile StepWrites writes;
   private volatile WindowCpu cpu;
   /** When each arrival is due, for arrivals given by their times; null when each comes when Gatling brings it. */
   private volatile ArrivalSchedule schedule;

   public OpenStep(Workload workload, String requestName, ConnectionSource.Opener opener, ArrivalRecorder recorder,
                   int threads, int queueLimit, UserThreads kind) {
      this.workload = workload;
      this.kind = kind;
      this.requestName = requestName;
      this.source = new SharedSource(opener);
      this.recorder = recorder;
      this.requestThreads = threads;
      this.queueLimit = queueLimit;
   }

   /** The name its requests are logged under in Gatling's report; the step's {@link #name()} too. */
   public String requestName() {
      return requestName;
   }

   @Override
   public String name() {
      return requestName;
   }

   /** What its request threads are. */
   @Override
   public UserThreads threads() {
      return kind;
   }

   /**
    * Samples the step as a closed-loop step is ({@link Step#sample}): every 100 ms from the moment its pool is open
    * until it closes, at most {@code atMostNanos}, with the client's CPU and the machine's split over its window.
    */
   public void sample(Supplier<ServerActivity> serverActivity, long atMostNanos) {
      activity = serverActivity;
      sampleAtMostNanos = atMostNanos;
   }

   /**
    * Opens (and fills) the pool and starts the request threads, before the first arrival; after a loss of the
    * database it waits for the database first (within the watch's limit). On failure the step is stopped and every
    * arrival is let through unserved.
    */
   public void open(DatabaseWatch databaseWatch) {
      watch = databaseWatch;
      source.enter(() -> {
         if (databaseWatch != null) {
            databaseWatch.awaitBack(requestName);
            writes = databaseWatch.writes().open(workload, requestName, this::stopFor);
         }
      });
      if (source.openFailure() != null) {
         recorder.stop(System.nanoTime());
         return;
      }
      AtomicInteger n = new AtomicInteger();
      ThreadPoolExecutor pool = new ThreadPoolExecutor(requestThreads, requestThreads, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(queueLimit), task -> kind.thread("request-" + n.incrementAndGet(), task));
      pool.prestartAllCoreThreads();
      cpu = recorder.watchCpu();
      if (activity != null) {
         sampler = new StepSampler(recorder.window(), source.get().gauge(), activity.get(), sampleAtMostNanos,
               writes);
      }
      requests = pool;
   }

   public String openFailure() {
      return source.openFailure();
   }

   public long openNanos() {
      return source.openNanos();
   }

   /** Why the step was cut short by the loss of the database, or null. */
   public String lostReason() {
      return lostReason;
   }

   /** Why the step ended before its window did (database lost) or its sampler missed it, or null. */
   public String cutReason() {
      StepSampler s = sampler;
      return lostReason != null ? lostReason : s == null ? null : s.missed();
   }

   /** Gives the step's arrivals their times: each user Gatling brings waits for the next ({@link #nextDue()}). */
   public void schedule(ArrivalSchedule arrivals) {
      schedule = arrivals;
   }

   /** The times its arrivals were given ({@link #schedule}), or null. */
   public ArrivalSchedule scheduled() {
      return schedule;
   }

   /** When the user Gatling brings now is due to arrive: its time in the schedule, else now. */
   public long nextDue() {
      long now = System.nanoTime();
      ArrivalSchedule s = schedule;
      return s == null ? now : s.nextDue(now);
   }

   /**
    * One arrival, due at {@code arrival} ({@link System#nanoTime()}'s clock, now or just past): the request goes to a
    * request thread, and {@code done} is called once it has ended, with what Gatling should log (null when it is not
    * measured: outside the window, or not served). Its times are taken from when it was due.
    */
   public void arrive(long arrival, Consumer<Outcome> done) {
      long arrivalMillis = System.currentTimeMillis() - (System.nanoTime() - arrival) / 1_000_000;
      ThreadPoolExecutor pool = requests;
      if (pool == null) {
         done.accept(null);
         return;
      }
      boolean counted = recorder.arrived(arrival);
      try {
         pool.execute(() -> done.accept(serve(arrival, arrivalMillis, counted)));
      } catch (RejectedExecutionException e) {
         boolean measured = !pool.isShutdown() && recorder.refused(arrival, counted);
         done.accept(measured ? new Outcome(requestName, arrivalMillis, arrivalMillis, ArrivalRecorder.REFUSED) : null);
      }
   }

   /** Serves one request; one that arrived after the measured ones ({@code counted} false) only keeps the load on. */
   private Outcome serve(long arrival, long arrivalMillis, boolean counted) {
      long pickedUp = System.nanoTime();
      long thread = Thread.currentThread().getId();
      // a request dropped after the close starts nothing: its thread's request still open then stays its last
      if (lostReason != null || !recorder.running(pickedUp)) {
         recorder.unserved();
         return null;
      }
      if (!counted) {
         Phases beyond = Phases.run(source.get(), pickedUp, workload::run);
         recorder.beyond(beyond.error());
         if (beyond.failure() != null) {
            checkDatabase(beyond.failure());
         }
         return null;
      }
      recorder.begin(thread, pickedUp);
      Phases op = Phases.run(source.get(), pickedUp, nanos -> recorder.acquired(thread, nanos), workload::run);
      boolean measured = recorder.record(thread, arrival, pickedUp, op.acquireNanos(), op.useNanos(), op.end(),
            op.error());
      if (op.failure() != null) {
         checkDatabase(op.failure());
      }
      return measured
            ? new Outcome(requestName, arrivalMillis, arrivalMillis + (op.end() - arrival) / 1_000_000, op.error())
            : null;
   }

   /** A lost database stops the step: requests still queued are dropped, those waiting for a connection time out. */
   private void checkDatabase(Exception error) {
      DatabaseWatch w = watch;
      if (w == null || lostReason != null || !DatabaseWatch.connectionFailure(error)) {
         return;
      }
      String lost = w.check();
      if (lost != null) {
         stopFor(lost);
      }
   }

   /** Stops the step for {@code reason} (the database lost, rows written by a read-only step), once. */
   private synchronized void stopFor(String reason) {
      if (lostReason == null) {
         lostReason = reason;
         recorder.stop(System.nanoTime());
      }
   }

   /** Stops the step early: requests not yet picked up are dropped. */
   public void stop() {
      recorder.stop(System.nanoTime());
   }

   /** What the step measured so far, for a run being interrupted; null when it had not started or was closed. */
   public ArrivalResult interrupt() {
      if (!source.abandon()) {
         return null;
      }
      long now = System.nanoTime();
      recorder.stop(now);
      return measured(now);
   }

   /** What the step measured, with what the database and the client's CPU did during its window. */
   private ArrivalResult measured(long now) {
      StepSampler s = sampler;
      if (s != null) {
         s.stop();
      }
      ArrivalResult r = recorder.result(now, StepWrites.counted(writes, s == null ? DatabaseActivity.NONE
            : s.activity()), cpu);
      return s == null ? r : r.with(s.judged(r.step()));
   }

   /**
    * Stops the request threads and closes the pool; returns what the step measured, null when the step never started
    * or was closed before. Called once every arrival has ended, so the threads are idle; at the end of a run cut
    * short they are interrupted.
    */
   public ArrivalResult close() {
      long now = System.nanoTime();
      ThreadPoolExecutor pool = requests;
      if (pool != null) {
         pool.shutdownNow();
      }
      return source.close() ? measured(now) : null;
   }
}
