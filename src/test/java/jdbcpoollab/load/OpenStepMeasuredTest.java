package jdbcpoollab.load;

import jdbcpoollab.measure.ArrivalRecorder;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A step that measures only its first arrivals (a replay's: the capture's requests, then its start again to keep the
 * load on) serves the later ones and never counts them inside its window, however early they come and whether they
 * succeed or fail: it cannot serve more requests in its window than the capture has.
 */
class OpenStepMeasuredTest {
   private static final int MEASURED = 5;

   @Test
   void arrivalsAfterTheMeasuredOnesAreServedButNotCountedInTheWindow() throws Exception {
      AtomicInteger ran = new AtomicInteger();
      Workload every = new Workload() {
         public String name() {
            return "every";
         }

         public String statement() {
            return "the third of each three fails";
         }

         public void run(Connection connection) throws SQLException {
            if (ran.incrementAndGet() % 3 == 0) {
               throw new SQLException("failed on purpose");
            }
         }
      };
      ConnectionSource none = new ConnectionSource() {
         public Connection getConnection() {
            return null;
         }

         public void close() {
         }
      };
      StepRecorder window = new StepRecorder(StepId.of("every", 1), 1, 0, 30_000_000_000L);
      OpenStep step = new OpenStep(every, "every pool=1", () -> none, new ArrivalRecorder(window, 1, 1, MEASURED), 1,
            100, ThreadKinds.platform());
      step.open(null);
      CountDownLatch done = new CountDownLatch(3 * MEASURED);
      for (int i = 0; i < 3 * MEASURED; i++) {
         step.arrive(step.nextDue(), outcome -> done.countDown());
      }
      assertTrue(done.await(10, TimeUnit.SECONDS), "every arrival ends");
      ArrivalResult r = step.close();
      assertEquals(3 * MEASURED, ran.get(), "every arrival is served");
      assertEquals(MEASURED, r.step().counts().ok() + r.step().counts().ko(), "only the first five count: " + r);
      assertEquals(1, r.step().counts().ko(), "the third of the first five failed: " + r);
      assertEquals(4, r.step().counts().koOutside(), "the other four failures are outside the window: " + r);
   }
}
