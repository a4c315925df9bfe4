package jdbcpoollab.load;

import jdbcpoollab.db.ActivityNames;
import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.testing.RunsAlone;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a closed-loop step says of its own window, without a database: a "pool" that never waits and a statement that
 * sleeps 5 ms. Users that had not started when the window opened are counted, and a step whose own sampler took no
 * sample in its window is not complete.
 */
@RunsAlone("users must start within a 300 ms warm-up, and 100 more after a 300 ms pause inside a 1 s window")
class StepWindowTest {
   private static final long MS = 1_000_000L;

   private static final ConnectionSource NO_WAIT = new ConnectionSource() {
      @Override
      public Connection getConnection() {
         return null;
      }

      @Override
      public void close() {
      }
   };

   private static final Workload SLEEP = new Workload() {
      public String name() {
         return "sleep";
      }

      public String statement() {
         return "sleep 5 ms";
      }

      public void run(Connection connection) {
         try {
            Thread.sleep(5);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
         }
      }
   };

   private static final class Quiet extends ServerActivity {
      public String what() {
         return ActivityNames.UNKNOWN;
      }

      public double sample() {
         return Double.NaN;
      }
   }

   private static Step step(int users, long warmupMs, long windowMs) {
      StepRecorder recorder = new StepRecorder(StepId.of("sleep", 1), users, warmupMs * MS, windowMs * MS);
      return new Step(SLEEP, "sleep pool=1", () -> NO_WAIT, recorder);
   }

   /** {@code count} platform threads, each one user's closed loop, with ids from {@code from}. */
   private static List<Thread> users(Step step, int from, int count) {
      List<Thread> started = new ArrayList<>();
      for (int i = from; i < from + count; i++) {
         long id = i;
         Thread t = new Thread(() -> step.closedLoop(id, OperationLog.NONE));
         t.start();
         started.add(t);
      }
      return started;
   }

   /** The step opened, {@code users} users run together until its window closes, and its result. */
   private static StepResult run(Step step, int users) throws InterruptedException {
      step.enter();
      for (Thread t : users(step, 0, users)) {
         t.join();
      }
      return step.close();
   }

   @Test
   void usersStillStartingWhenTheWindowOpensAreCountedNotLeftOutSilently() throws Exception {
      Step step = step(250, 50, 1_000);
      step.enter();
      List<Thread> threads = users(step, 0, 100);
      Thread.sleep(300);
      threads.addAll(users(step, 100, 100));
      for (Thread t : threads) {
         t.join();
      }
      StepResult r = step.close();
      assertEquals(250, r.counts().users(), "the users the step was given");
      assertEquals(200, r.counts().usersInWindow(), "50 users never started, 100 started late but in the window");
      int starting = r.checks().startingAtOpening();
      assertTrue(starting >= 150 && starting <= 250, "the late 100 and the 50 absent ones at least: " + starting);
      assertTrue(r.checks().usersStarting());
      assertEquals(200, (Integer) r.written().counts().usersInWindow(), "summary.json keeps it");
      assertEquals(starting, (Integer) r.written().checks().startingAtOpening());
   }

   @Test
   void aStepWhoseUsersAllStartedBeforeTheWindowSaysSo() throws Exception {
      Step step = step(20, 300, 300);
      StepResult r = run(step, 20);
      assertEquals(20, r.counts().usersInWindow());
      assertEquals(0, r.checks().startingAtOpening());
      assertFalse(r.checks().usersStarting());
   }

   @Test
   void aStepWhoseOwnSamplerTookNoSampleInItsWindowIsIncompleteAndSaysWhy() throws Exception {
      Step step = step(4, 0, 500);
      step.sample(Quiet::new, 1);
      StepResult r = run(step, 4);
      assertTrue(r.counts().ok() > 0, "the users ran");
      assertNull(r.runtime().jvm(), "no sample, no JVM peaks");
      assertFalse(r.outcome().complete(), "a window without its own samples is not whole");
      assertTrue(step.cutReason().startsWith("its 100 ms sampler took no sample in the 0.5 s window"),
            step.cutReason());
   }

   @Test
   void aStepWhoseSamplerRanIsComplete() throws Exception {
      Step step = step(4, 0, 1_000);
      step.sample(Quiet::new, 60_000 * MS);
      int before = java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount();
      StepResult r = run(step, 4);
      assertTrue(r.outcome().complete(), "sampled: " + step.cutReason());
      assertNull(step.cutReason());
      int peak = r.runtime().jvm().liveThreadsPeak();
      assertTrue(peak >= 4 && peak >= before + 4, "the JVM's " + before + " threads and the 4 users': " + peak);
      Double jit = r.runtime().jvm().jitMsPerSecond();
      assertNotNull(jit, "HotSpot counts its JIT's compile time");
      assertTrue(jit >= 0 && jit < 1_000 * Runtime.getRuntime().availableProcessors() * 4, "ms a second: " + jit);
   }

   @Test
   void aStepCountsTheGarbageCollectorsPausesInItsWindow() throws Exception {
      Step step = step(4, 0, 1_000);
      step.sample(Quiet::new, 60_000 * MS);
      AtomicBoolean running = new AtomicBoolean(true);
      Thread collector = new Thread(() -> {
         while (running.get()) {
            System.gc();
            LockSupport.parkNanos(100 * MS);
         }
      });
      collector.start();
      StepResult r;
      try {
         r = run(step, 4);
      } finally {
         running.set(false);
         collector.join();
      }
      JvmPeaks jvm = r.runtime().jvm();
      assertTrue(jvm.gcPauses() >= 3, "a full collection every 100 ms through a 1 s window: " + jvm);
      assertTrue(jvm.gcPauseMs() >= 0, jvm.toString());
      assertTrue(StepResult.fromMap(r.toMap()).runtime().jvm().gcPauses() >= 3, "summary.json keeps them");
   }

   /** A database reading that costs the load generator: read every 500 ms, each one counted, always 3. */
   private static final class Costly extends ServerActivity {
      private final AtomicLong reads;

      Costly(AtomicLong reads) {
         this.reads = reads;
      }

      public String what() {
         return ActivityNames.THREADS_RUNNING;
      }

      public double sample() {
         reads.incrementAndGet();
         return 3;
      }

      @Override
      public long everyMillis() {
         return 500;
      }
   }

   @Test
   void aDatabaseReadingThatCostsTheLoadGeneratorIsTakenAsOftenAsItsReaderSaysNotEverySample() throws Exception {
      AtomicLong reads = new AtomicLong();
      Step step = step(4, 0, 2_000);
      step.sample(() -> new Costly(reads), 60_000 * MS);
      StepResult r = run(step, 4);
      long points = step.timeline().size();
      long read = step.timeline().stream().filter(p -> Double.isFinite(p.database())).count();
      assertTrue(points >= 10, "the step's own samples every 100 ms: " + points);
      assertTrue(read >= 2 && read <= 4 && read == r.resources().database().samples(),
            "about every fifth sample in a 2 s window: " + read + " of " + points);
      assertTrue(reads.get() <= read + 2, "no reading between them: " + reads.get() + " for " + read);
      assertEquals(3, r.resources().database().avg(), 1e-9);
   }

   /** A statement that counts its runs, on the "pool" that never waits. */
   private static Step counting(AtomicLong runs, long windowMs) {
      Workload counted = new Workload() {
         public String name() {
            return "counted";
         }

         public String statement() {
            return "count";
         }

         public void run(Connection connection) throws SQLException {
            runs.incrementAndGet();
            SLEEP.run(connection);
         }
      };
      StepRecorder recorder = new StepRecorder(StepId.of("counted", 1), 8, 0, windowMs * MS);
      return new Step(counted, "counted pool=1", () -> NO_WAIT, recorder);
   }

   @Test
   void aWarmUpStepStopsAtItsOperationBound() throws Exception {
      AtomicLong runs = new AtomicLong();
      Step step = counting(runs, 60_000);
      OperationBudget budget = new OperationBudget(100);
      step.bound(budget);
      long start = System.nanoTime();
      StepResult r = run(step, 8);
      assertEquals(100, budget.started(), "every operation of the bound, and no more");
      assertEquals(100, runs.get(), "its users started 100 operations");
      long ok = r.counts().ok();
      assertTrue(ok > 100 - 8 && ok <= 100, "the operations that ended before the stop: " + ok);
      assertFalse(r.outcome().complete(), "stopped long before its 60 s window");
      assertTrue(System.nanoTime() - start < 30_000 * MS);
   }

   @Test
   void aMeasuredStepHasNoBound() throws Exception {
      AtomicLong runs = new AtomicLong();
      StepResult r = run(counting(runs, 400), 8);
      assertTrue(r.outcome().complete(), "its window ran whole");
      assertTrue(r.counts().ok() > 100, "8 users of 5 ms operations for 0.4 s: " + r.counts().ok());
      assertTrue(r.counts().ok() <= runs.get());
   }
}
