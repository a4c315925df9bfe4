package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WindowCpuTest {
   private static final long MS = 1_000_000L;

   /** A step's window that counts how often its watcher looks at it. */
   private record Counted(StepRecorder step, AtomicInteger looks) implements Window {
      Counted(StepRecorder step) {
         this(step, new AtomicInteger());
      }

      @Override
      public boolean inWindow(long nanos) {
         return step.inWindow(nanos);
      }

      @Override
      public boolean running(long nowNanos) {
         looks.incrementAndGet();
         return step.running(nowNanos);
      }

      @Override
      public long quietNanos(long nowNanos) {
         return step.quietNanos(nowNanos);
      }
   }

   @Test
   void theWatcherSleepsUntilThePlannedEdgesAndReadsTheWindowsCpu() throws InterruptedException {
      StepRecorder step = new StepRecorder(StepId.of("wait", 4), 1, 200 * MS, 400 * MS);
      Counted window = new Counted(step);
      step.begin(1, System.nanoTime());
      WindowCpu cpu = WindowCpu.watch(window);
      Thread.sleep(800);

      ClientCpu measured = cpu.clientCpu(100);
      assertFalse(Double.isNaN(measured.microsPerOp()), "the window's CPU was read at both edges");
      assertTrue(measured.share() >= 0 && measured.share() < 1.01, "share " + measured.share());
      // a 5 ms poll looked about 120 times over these 600 ms; the planned edges need a handful
      assertTrue(window.looks().get() <= 15, "looked " + window.looks().get() + " times");
   }

   @Test
   void aStepStoppedEarlyIsSeenWithinTheCapAndItsCpuStillRead() throws InterruptedException {
      StepRecorder step = new StepRecorder(StepId.of("wait", 4), 1, 0, 60_000 * MS);
      long start = System.nanoTime();
      step.begin(1, start);
      WindowCpu cpu = WindowCpu.watch(step);
      Thread.sleep(100);
      step.stop(System.nanoTime());

      ClientCpu measured = cpu.clientCpu(10);
      long took = System.nanoTime() - start;
      assertFalse(Double.isNaN(measured.microsPerOp()), "read when the stop was seen, not after the planned minute");
      assertTrue(took < 100 * MS + StepRecorder.STOP_SEEN_NANOS + 900 * MS, "took " + took / MS + " ms");
   }

   @Test
   void beforeTheFirstOperationTheWindowCannotTellItsEdges() {
      StepRecorder step = new StepRecorder(StepId.of("wait", 4), 1, 200 * MS, 400 * MS);
      assertEquals(Window.POLL_NANOS, step.quietNanos(System.nanoTime()));
      long t0 = 5_000 * MS;
      step.begin(1, t0);
      assertEquals(StepRecorder.STOP_SEEN_NANOS, step.quietNanos(t0), "capped: a stop may come first");
      assertEquals(10 * MS, step.quietNanos(t0 + 190 * MS), "the window opens in 10 ms");
      assertEquals(20 * MS, step.quietNanos(t0 + 580 * MS), "it closes in 20 ms");
   }
}
