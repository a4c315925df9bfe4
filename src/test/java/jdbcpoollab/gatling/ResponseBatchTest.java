package jdbcpoollab.gatling;

import io.gatling.core.session.Session;
import jdbcpoollab.load.Outcome;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Responses reach Gatling a batch at a time, a full batch on the batch's own thread rather than on the request thread
 * that filled it, and the rest at the close, none lost or logged twice.
 */
class ResponseBatchTest {
   private final List<String> loggedOn = new CopyOnWriteArrayList<>();
   private final List<Long> loggedStarts = new CopyOnWriteArrayList<>();

   private void log(Session session, Outcome outcome) {
      loggedOn.add(Thread.currentThread().getName());
      loggedStarts.add(outcome.startMillis());
   }

   @Test
   void aFullBatchIsLoggedOffTheRequestThreadAndTheRestAtTheClose() throws Exception {
      ResponseBatch batch = new ResponseBatch(this::log);
      int requests = ResponseBatch.BATCH + 10;
      Thread request = new Thread(() -> {
         for (int i = 0; i < requests; i++) {
            batch.add(null, new Outcome("point", i, i + 1, null));
         }
      }, "request-1");
      request.start();
      request.join();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (loggedOn.size() < ResponseBatch.BATCH && System.nanoTime() < deadline) {
         Thread.sleep(5);
      }
      assertTrue(loggedOn.size() >= ResponseBatch.BATCH, loggedOn.size() + " logged before the close");
      assertTrue(loggedOn.stream().allMatch("responses-to-gatling"::equals), "logged on the request thread");
      batch.close();
      assertEquals(requests, loggedOn.size(), "every response once");
      assertEquals(requests, loggedStarts.stream().distinct().count(), "none twice");
   }

   @Test
   void lessThanABatchWaitsForTheClose() {
      ResponseBatch batch = new ResponseBatch(this::log);
      for (int i = 0; i < 3; i++) {
         batch.add(null, new Outcome("point", i, i + 1, null));
      }
      assertEquals(List.of(), loggedOn);
      batch.close();
      assertEquals(List.of("main", "main", "main"), loggedOn.stream().map(n -> n.equals(Thread.currentThread()
            .getName()) ? "main" : n).toList());
   }

   @Test
   void aFullBatchAfterTheCloseIsLoggedWhereItFilled() {
      ResponseBatch batch = new ResponseBatch(this::log);
      batch.close();
      for (int i = 0; i < ResponseBatch.BATCH; i++) {
         batch.add(null, new Outcome("point", i, i + 1, null));
      }
      assertEquals(ResponseBatch.BATCH, loggedOn.size(), "every response once, none refused");
   }
}
