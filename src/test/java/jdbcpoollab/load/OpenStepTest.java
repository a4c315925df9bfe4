package jdbcpoollab.load;

import jdbcpoollab.db.ActivityNames;
import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.measure.ArrivalRecorder;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.testing.RunsAlone;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The request threads in front of the pool, without a database: the "pool" is one permit and the "statement" a 100 ms
 * sleep, so the queueing is known. (The statement on a real database is exercised by RateSweepIntegrationTest.)
 */
@RunsAlone("both request threads must take their request within a 33 ms pause, before the next arrivals queue")
class OpenStepTest {
   private static final long SLEEP_MS = 100;

   /** One connection: getConnection blocks until the previous user closed it; the statement sleeps. */
   private static final class OnePermit implements ConnectionSource {
      private final Semaphore permit = new Semaphore(1, true);

      @Override
      public Connection getConnection() {
         permit.acquireUninterruptibly();
         return null;
      }

      @Override
      public void close() {
      }
   }

   private static OpenStep step(OnePermit source, int threads, int queueLimit, double windowSeconds) {
      Workload sleeps = new Workload() {
         public String name() {
            return "sleep";
         }

         public String statement() {
            return "sleep " + SLEEP_MS + " ms";
         }

         public void run(Connection connection) {
            try {
               Thread.sleep(SLEEP_MS);
            } catch (InterruptedException e) {
               Thread.currentThread().interrupt();
            } finally {
               source.permit.release();
            }
         }
      };
      StepRecorder window = new StepRecorder(StepId.of("sleep", 1), threads, 0, (long) (windowSeconds * 1e9));
      return new OpenStep(sleeps, "sleep pool=1", () -> source, new ArrivalRecorder(window, 100, threads), threads,
            queueLimit, ThreadKinds.platform());
   }

   @Test
   void arrivalsBeyondTheThreadsAndTheQueueAreRefusedAndEveryTimeRunsFromTheArrival() throws Exception {
      OpenStep step = step(new OnePermit(), 2, 3, 30);
      step.open(null);
      List<Outcome> outcomes = new CopyOnWriteArrayList<>();
      CountDownLatch done = new CountDownLatch(10);
      for (int i = 0; i < 10; i++) {
         step.arrive(step.nextDue(), outcome -> {
            outcomes.add(outcome);
            done.countDown();
         });
         if (i == 1) {
            Thread.sleep(SLEEP_MS / 3); // both threads have taken their request: the next three wait in the queue
         }
      }
      assertTrue(done.await(10, TimeUnit.SECONDS), "every arrival ends");
      step.stop();
      ArrivalResult r = step.close();

      // 2 threads take a request each, 3 wait in the queue, the other 5 are refused at once
      assertEquals(5, r.step().counts().ok());
      assertEquals(5, r.refused());
      assertEquals(5, r.step().counts().ko(), "refused requests are failures of the step");
      assertEquals(5L, r.step().outcome().errors().get(ArrivalRecorder.REFUSED));
      assertEquals(5, outcomes.stream().filter(o -> ArrivalRecorder.REFUSED.equals(o.error())).count());
      // one connection serves them one after another: the last ends about 4 sleeps after it arrived
      assertTrue(r.step().times().total().max() >= 4 * SLEEP_MS - 5, "total max " + r.step().times().total().max());
      assertTrue(r.step().times().acquire().max() >= SLEEP_MS - 5, "each thread waits for the other's connection: "
            + r.step().times().acquire().max());
      assertTrue(r.queue().max() >= 2 * SLEEP_MS, "the fifth request waits for a thread until two requests ended: "
            + r.queue().max());
      // each histogram keeps 3 significant digits, so each mean is good to 0.1% of its values: that is the slack
      StepTimes times = r.step().times();
      double resolution = 0.001 * (r.queue().max() + times.acquire().max() + times.query().max());
      assertTrue(times.total().avg() + resolution >= r.queue().avg() + times.acquire().avg() + times.query().avg(),
            "total from arrival holds the queue, the acquire wait and the statement: " + r);
      assertEquals(2, r.threads());
   }

   @Test
   void requestsStillQueuedWhenTheWindowClosesAreDroppedUnserved() throws Exception {
      OpenStep step = step(new OnePermit(), 1, 100, 0.1);
      step.open(null);
      CountDownLatch done = new CountDownLatch(20);
      for (int i = 0; i < 20; i++) {
         step.arrive(step.nextDue(), outcome -> done.countDown());
      }
      assertTrue(done.await(10, TimeUnit.SECONDS), "every arrival ends, served or not");
      ArrivalResult r = step.close();
      long served = r.step().counts().ok() + r.step().counts().koOutside();
      assertTrue(r.unserved() >= 15, "a 100 ms window serves at most 2 of 20 requests of 100 ms; unserved "
            + r.unserved() + ", ok " + r.step().counts().ok());
      assertTrue(r.unserved() + r.step().counts().ok() <= 20, r.toString());
      assertTrue(served <= 5, r.toString());
   }

   /** A database whose activity is 2 of something, every time it is read. */
   private static final class Two extends ServerActivity {
      @Override
      public String what() {
         return ActivityNames.THREADS_RUNNING;
      }

      @Override
      public double sample() {
         return 2;
      }
   }

   @Test
   void aSampledStepMeasuresWhatAClosedLoopStepDoesTheClientsCpuTheDatabaseAndTheTimeline() throws Exception {
      OpenStep step = step(new OnePermit(), 2, 100, 0.6);
      step.sample(Two::new, 10_000_000_000L);
      step.open(null);
      CountDownLatch done = new CountDownLatch(6);
      for (int i = 0; i < 6; i++) {
         step.arrive(step.nextDue(), outcome -> done.countDown());
         Thread.sleep(SLEEP_MS);
      }
      assertTrue(done.await(10, TimeUnit.SECONDS), "every arrival ends");
      ArrivalResult r = step.close();
      assertEquals(2.0, r.step().resources().database().avg(), 1e-9, r.toString());
      assertEquals(ActivityNames.THREADS_RUNNING, r.step().resources().database().what());
      assertTrue(r.step().resources().database().samples() >= 2, r.toString());
      assertTrue(r.step().resources().clientCpu().share() >= 0, r.toString());
      assertTrue(r.step().resources().clientCpu().microsPerOp() > 0, r.toString());
      assertFalse(r.step().runtime().jvm() == null, "the JVM's peaks over the sampler's points: " + r);
      assertTrue(Double.isNaN(r.step().resources().betweenMs()), "a closed loop's gaps are not an open model's");
   }
}
