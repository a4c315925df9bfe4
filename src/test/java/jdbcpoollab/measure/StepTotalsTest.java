package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each user records into its own buffer, merged when the step is read: the counts merged from several threads equal
 * the operations done, and every figure equals that of one histogram of the same values.
 */
class StepTotalsTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;
   private static final int THREADS = 8;
   /** Several times a buffer's room, so that users merge their own full buffers too. */
   private static final int OPS = 20 * UserBuffer.CAPACITY;

   /** One user's values: acquire, query and total of each operation, every 10th failed. */
   private static long[][] values(int user) {
      SplittableRandom random = new SplittableRandom(user);
      long[][] ops = new long[OPS][];
      for (int i = 0; i < OPS; i++) {
         long acquire = random.nextLong(1, 2_000 * MS);
         long query = random.nextLong(1_000, 50 * MS);
         ops[i] = new long[] {acquire, query, acquire + query + random.nextLong(0, 100_000), i % 10 == 9 ? 1 : 0};
      }
      return ops;
   }

   @Test
   void countsAndPercentilesMergedFromSeveralThreadsEqualOneHistogramOfTheSameOperations() throws Exception {
      StepRecorder r = new StepRecorder(StepId.of("wait", 8), THREADS, 0, 100_000 * S);
      long t0 = 10 * S;
      r.start(t0);
      Histogram acquire = new Histogram(Latencies.DIGITS);
      Histogram query = new Histogram(Latencies.DIGITS);
      Histogram total = new Histogram(Latencies.DIGITS);
      long ok = 0;
      for (int u = 0; u < THREADS; u++) {
         for (long[] op : values(u)) {
            acquire.recordValue(op[0]);
            if (op[3] == 0) {
               ok++;
               query.recordValue(op[1]);
               total.recordValue(op[2]);
            }
         }
      }
      AtomicBoolean recording = new AtomicBoolean(true);
      AtomicLong completedInIntervals = new AtomicLong();
      Thread sampler = new Thread(() -> {
         while (recording.get()) {
            completedInIntervals.addAndGet(r.interval().completed());
         }
      });
      sampler.start();
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> users = new ArrayList<>();
      for (int u = 0; u < THREADS; u++) {
         long[][] ops = values(u);
         long id = u;
         Thread t = new Thread(() -> {
            StepUsers.User user = r.user(id);
            try {
               go.await();
            } catch (InterruptedException e) {
               return;
            }
            long now = t0 + id;
            for (long[] op : ops) {
               r.begin(user, now);
               now += op[2];
               r.record(user, op[0], op[1], op[2], now, op[3] == 0 ? null : "timeout");
               now += 1_000;
            }
         });
         t.start();
         users.add(t);
      }
      go.countDown();
      for (Thread t : users) {
         t.join();
      }
      recording.set(false);
      sampler.join();
      completedInIntervals.addAndGet(r.interval().completed());

      StepResult result = r.result(t0 + 100_000 * S);
      assertEquals(ok, result.counts().ok(), "every successful operation counted once");
      assertEquals((long) THREADS * OPS - ok, result.counts().ko());
      assertEquals(ok, completedInIntervals.get(), "the intervals together saw each operation once");
      assertEquals(Timing.of(acquire), result.times().acquire(), "failed operations waited too");
      assertEquals(Timing.of(query), result.times().query());
      assertEquals(Timing.of(total), result.times().total());
      Latencies written = r.histograms().all();
      for (double p : new double[] {0, 50, 90, 99, 99.9, 100}) {
         assertEquals(acquire.getValueAtPercentile(p), written.acquire().getValueAtPercentile(p), "acquire P" + p);
         assertEquals(total.getValueAtPercentile(p), written.total().getValueAtPercentile(p), "total P" + p);
      }
      assertEquals(total.getTotalCount(), written.total().getTotalCount());
      assertEquals(total.getMean(), written.total().getMean(), 1e-6);
      assertEquals((long) THREADS * (OPS - 1), r.gaps().getTotalCount(), "a gap before each operation but the first");
      assertEquals(1_000, r.gaps().getMaxValue(), 1);
   }

   @Test
   void theWindowsThirdsAndTheLatestIntervalSeeTheSameOperationsAsBefore() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 3 * S);
      StepUsers.User user = r.user(1);
      r.start(0);
      assertEquals(0, r.interval().completed());
      assertTrue(Double.isNaN(r.interval().acquireP99Ms()), "no wait yet");
      long[] ends = {100 * MS, 200 * MS, 1_500 * MS, 2_100 * MS, 2_200 * MS, 2_300 * MS, 2_400 * MS};
      for (long end : ends) {
         r.begin(user, end - MS);
         r.record(user, 3 * MS, MS / 2, MS, end, null);
      }
      Interval interval = r.interval();
      assertEquals(ends.length, interval.completed());
      assertEquals(3.0, interval.acquireP99Ms(), 0.01);
      assertEquals(0, r.interval().completed(), "each operation in one interval only");
      StepResult result = r.result(3 * S);
      assertEquals(ends.length, result.counts().ok());
      assertEquals(1.0, result.checks().drift(), 1e-9, "four in the last third against two in the first");
   }

   @Test
   void recordingAnOperationAllocatesNothing() {
      com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 1_000 * S);
      StepUsers.User user = r.user(1);
      r.start(0);
      long now = 0;
      int ops = 200_000;
      for (int i = 0; i < 2 * ops; i++) {
         now = operation(r, user, now, i);
         if (i == ops) {
            r.interval();
         }
      }
      long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
      for (int i = 0; i < ops; i++) {
         now = operation(r, user, now, i);
      }
      long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
      assertTrue(allocated < ops / 10, ops + " operations allocated " + allocated + " bytes");
      assertEquals(3L * ops, r.result(now).counts().ok());
   }

   private static long operation(StepRecorder r, StepUsers.User user, long now, int i) {
      long start = now + 2_000;
      r.begin(user, start);
      r.acquired(user, start + 1_000 + i % 7);
      long end = start + 30_000 + i % 1_000;
      r.record(user, 1_000 + i % 7, 20_000, end - start, end, null);
      return end;
   }
}
