package jdbcpoollab.load;

import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepUsers;
import jdbcpoollab.measure.TimelinePoint;
import jdbcpoollab.measure.WindowCpu;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.InstancePools;
import jdbcpoollab.pools.KindSources;
import jdbcpoollab.workloads.StatementTimes;
import jdbcpoollab.workloads.Think;
import jdbcpoollab.workloads.Workload;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One workload at one pool size: opens its connection source, runs the statement for every user operation while
 * its window is open, times each phase, and closes the source. When an operation fails because the database is gone
 * (see {@link DatabaseWatch}) the step stops at once: users blocked waiting for a connection are interrupted rather
 * than left to their connection timeout.
 */
public final class Step implements ClosedStep {
   private final Workload workload;
   private final String requestName;
   private final SharedSource source;
   private final StepRecorder recorder;
   private final Think think;
   /** How long a user rests after a failed operation before its next one: 0 for none. */
   private final long failurePauseNanos;
   private final UserLoops loops = new UserLoops();
   private volatile DatabaseWatch watch;
   private final AtomicReference<String> dryReason = new AtomicReference<>();
   private volatile Supplier<ServerActivity> activity;
   private volatile long sampleAtMostNanos;
   private volatile StepSampler sampler;
   /** The server's count of rows written, for a read-only workload; null otherwise. */
   private volatile StepWrites writes;
   private volatile WindowCpu cpu;
   private final StepThreads threads = new StepThreads();
   /** Users in the order they started their loop: with instances, which instance's pool each is on. */
   private final AtomicInteger arrivals = new AtomicInteger();
   /** The most operations the step may start, for an unmeasured warm-up; null for a measured step. */
   private volatile OperationBudget budget;

   public Step(Workload workload, String requestName, ConnectionSource.Opener opener, StepRecorder recorder) {
      this(workload, requestName, opener, recorder, Think.NONE, 0);
   }

   /**
    * A step whose users think for {@code think} after each operation (Z), outside the operation's time, and rest
    * {@code failurePauseNanos} after a failed one, as an application's request ends with its error and its user asks
    * again later: without it a failing pool is asked as fast as the loop can go, and a failure count measures the loop.
    */
   public Step(Workload workload, String requestName, ConnectionSource.Opener opener, StepRecorder recorder,
               Think think, long failurePauseNanos) {
      this.workload = workload;
      this.requestName = requestName;
      this.source = new SharedSource(opener);
      this.recorder = recorder;
      this.think = think;
      this.failurePauseNanos = failurePauseNanos;
   }

   public String requestName() {
      return requestName;
   }

   @Override
   public String name() {
      return requestName;
   }

   /** Watches the database for this step: a lost one stops it, and its opening waits for a lost one to return. */
   public void watch(DatabaseWatch databaseWatch) {
      watch = databaseWatch;
   }

   /** What each user's loop runs on; platform threads unless told. */
   public void threads(UserThreads kind) {
      threads.kind(kind);
   }

   @Override
   public UserThreads threads() {
      return threads.kind();
   }

   /**
    * Samples the step every 100 ms from the moment its source is open until it closes, at most {@code atMostNanos}:
    * the pool over time, what the database does and the JVM's peaks ({@link #timeline()},
    * {@link StepResult#resources()}, {@link StepResult#runtime()}).
    */
   public void sample(Supplier<ServerActivity> serverActivity, long atMostNanos) {
      activity = serverActivity;
      sampleAtMostNanos = atMostNanos;
   }

   /** The step's 100 ms samples, once it has closed; empty when it was not sampled. */
   public List<TimelinePoint> timeline() {
      StepSampler s = sampler;
      return s == null ? List.of() : s.timeline();
   }

   /**
    * Opens the source before the step's users start, so the load starts on a filled pool; after a loss of the
    * database it waits for the database first (within the watch's limit). On failure the step is stopped and the
    * reason kept. A second call does nothing.
    */
   public void enter() {
      DatabaseWatch w = watch;
      boolean first = source.enter(() -> {
         if (w != null) {
            w.awaitBack(requestName);
            writes = w.writes().open(workload, requestName, line -> loops.lost(line,
                  () -> recorder.stop(System.nanoTime())));
         }
      });
      if (first && source.openFailure() != null) {
         recorder.stop(System.nanoTime());
         if (w != null) {
            w.check();
         }
      } else if (first) {
         threads.opened();
         cpu = recorder.watchCpu();
         if (activity != null) {
            sampler = new StepSampler(recorder, source.get().gauge(), activity.get(), sampleAtMostNanos, writes);
         }
      }
   }

   /** How long opening (and filling) the source took. */
   public long openNanos() {
      return source.openNanos();
   }

   /** Why the source could not be opened, or null. */
   public String openFailure() {
      return source.openFailure();
   }

   /** Why the step was cut short by the loss of the database, or null. */
   public String lostReason() {
      return loops.lostReason();
   }

   /** Why the step ended before its window did (database lost, feeder dry) or its sampler missed it, or null. */
   public String cutReason() {
      StepSampler s = sampler;
      String lost = loops.lostReason();
      String dry = dryReason.get();
      return lost != null ? lost : dry != null ? dry : s == null ? null : s.missed();
   }

   /**
    * The step stops once {@code most} is spent: an unmeasured warm-up's bound, set before its users start. Only such
    * a step counts its operations; a measured one has no bound and pays nothing for it.
    */
   public void bound(OperationBudget most) {
      budget = most;
   }

   /** Users keep looping while this holds. */
   public boolean running() {
      return running(System.nanoTime());
   }

   private boolean running(long nowNanos) {
      return source.get() != null && recorder.running(nowNanos);
   }

   /** Stops the step early: users finish their current operation and leave. */
   public void stop() {
      recorder.stop(System.nanoTime());
   }

   /**
    * One user's closed loop on the calling thread, as an application's request thread would run it: operations one
    * after the other (acquire a connection, run the workload on it, give it back), the user's think time between
    * them, until the window closes, the database is lost or the workload's feeder runs dry. The thread registers once
    * for the whole loop, so that a lost database can interrupt it while it waits.
    *
    * @return operations that failed inside the window
    */
   public long closedLoop(long userId, OperationLog log) {
      return closedLoop(userId, Rounds.STEADY, log);
   }

   /**
    * One user's closed loop paced by {@code rounds}: each round's operations back to back (with the think time),
    * then its pause without any; the window, a lost database or a dry feeder ends it as in a steady loop.
    *
    * @return operations that failed inside the window
    */
   public long closedLoop(long userId, Rounds rounds, OperationLog log) {
      StepUsers.User user = recorder.user(userId);
      Thread self = Thread.currentThread();
      if (!loops.enter(self)) {
         return 0;
      }
      threads.loopStarts(self);
      int arrival = arrivals.getAndIncrement();
      long failed = 0;
      UserOperation operation = new UserOperation();
      Phases.Acquired acquired = nanos -> recorder.acquired(user, nanos);
      OperationBudget bound = budget;
      try {
         for (int round = 0; round < rounds.count() && running() && loops.lostReason() == null; round++) {
            if (round > 0 && !Think.sleep(Math.min(rounds.pauseNanos(), recorder.nanosLeft(System.nanoTime())))) {
               break;
            }
            long roundStart = System.nanoTime();
            for (long op = 0; op < rounds.maxOps() && loops.lostReason() == null; op++) {
               long now = System.nanoTime();
               if (!running(now) || now - roundStart >= rounds.workNanos()) {
                  break;
               }
               if (bound != null && !bound.take()) {
                  stop();
                  break;
               }
               if (!once(user, arrival, acquired, log, operation)) {
                  failed++;
                  Think.sleep(Math.min(failurePauseNanos, recorder.nanosLeft(System.nanoTime())));
               }
               think(user);
               // an interrupt is meant for the operation it cut short; the next one starts clean
               Thread.interrupted();
            }
         }
      } finally {
         loops.leave(self);
      }
      return failed;
   }

   /** One operation; false when it failed inside the window. */
   private boolean once(StepUsers.User user, int arrival, Phases.Acquired acquired, OperationLog log,
                        UserOperation operation) {
      Workload kind = workload.pick();
      Map<String, Object> input = kind.draw();
      if (input == null) {
         ranDry(kind);
         return true;
      }
      long start = System.nanoTime();
      long startMillis = operation.millis(start);
      recorder.begin(user, start);
      ConnectionSource from = source.get();
      if (from instanceof KindSources split) {
         from = split.of(kind.name());
      } else if (from instanceof InstancePools fleet) {
         from = fleet.of(arrival);
      }
      Phases op = operation.time(from, start, acquired, kind, input);
      StatementTimes times = operation.times();
      boolean measured = kind == workload
            ? recorder.record(user, op.acquireNanos(), op.useNanos(), op.totalNanos(), op.end(), op.error())
            : recorder.record(user, kind.name(), op.acquireNanos(), op.useNanos(), op.totalNanos(), op.end(),
                  op.error());
      if (op.failure() != null) {
         checkDatabase(op.failure());
      }
      if (measured && times.times().isEmpty()) {
         log.operation(requestName, startMillis, startMillis + op.totalNanos() / 1_000_000, op.error());
      } else if (measured) {
         operation.logStatements(recorder, requestName + " " + kind.name(), start, startMillis, log);
      }
      return !measured || op.error() == null;
   }

   /** The user's think time after an operation, never past the window's end. */
   private void think(StepUsers.User user) {
      if (think.none()) {
         return;
      }
      long from = System.nanoTime();
      Think.sleep(Math.min(think.nextNanos(ThreadLocalRandom.current()), recorder.nanosLeft(from)));
      recorder.thought(user, System.nanoTime() - from);
   }

   /** A queue feeder has no record left: the step ends here, incomplete, and says why. */
   private void ranDry(Workload kind) {
      dryReason.compareAndSet(null, "the feeder of " + workload.name() + " ran dry (a queue feeder hands out each"
            + " record once): no record left for " + kind.name());
      recorder.stop(System.nanoTime());
   }

   private void checkDatabase(Exception error) {
      DatabaseWatch w = watch;
      if (w == null || loops.lostReason() != null || !DatabaseWatch.connectionFailure(error)) {
         return;
      }
      String lost = w.check();
      if (lost != null) {
         loops.lost(lost, () -> recorder.stop(System.nanoTime()));
      }
   }

   /**
    * What a step under way measured so far, for a run that is being interrupted; null when it had not started or
    * was closed. The source is left to the end of the JVM.
    */
   public StepResult interrupt() {
      if (!source.abandon()) {
         return null;
      }
      long now = System.nanoTime();
      recorder.stop(now);
      return measured(now, false);
   }

   /** The step's result with what the database and the client's CPU did during its window. */
   private StepResult measured(long now, boolean waitForPins) {
      StepSampler s = sampler;
      if (s != null) {
         s.stop();
      }
      StepResult result = recorder.result(now, StepWrites.counted(writes, s == null ? DatabaseActivity.NONE
            : s.activity()), cpu);
      return threads.seenIn(s == null ? result : s.judged(result), waitForPins);
   }

   /** Closes the source and returns what the step measured; null when it never started or was closed before. */
   public StepResult close() {
      long now = System.nanoTime();
      return source.close() ? measured(now, true) : null;
   }
}
