package jdbcpoollab.gatling;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Users are handed on by the batch's own thread, not by the request thread that served them; each once, one that
 * fails does not keep the others, the close hands on what is left, and after it an end is handed on at once.
 */
class UserEndsTest {
   private final List<String> handedOnBy = new CopyOnWriteArrayList<>();
   private final List<Integer> handedOn = new CopyOnWriteArrayList<>();

   private Runnable user(int n) {
      return () -> {
         handedOnBy.add(Thread.currentThread().getName());
         handedOn.add(n);
      };
   }

   private void awaitHandedOn(int users) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (handedOn.size() < users && System.nanoTime() < deadline) {
         Thread.sleep(2);
      }
   }

   @Test
   void usersAreHandedOnByTheBatchThreadEachOnce() throws Exception {
      UserEnds ends = new UserEnds();
      int users = 500;
      Thread request = new Thread(() -> IntStream.range(0, users).forEach(n -> ends.end(user(n))), "request-1");
      request.start();
      request.join();
      awaitHandedOn(users);
      assertEquals(IntStream.range(0, users).boxed().toList(), handedOn, "each once, in their order, before the close");
      assertTrue(handedOnBy.stream().allMatch("user-ends"::equals), "handed on by " + handedOnBy.get(0));
      ends.close();
      assertEquals(users, handedOn.size());
   }

   @Test
   void oneThatFailsDoesNotKeepTheOthers() throws Exception {
      UserEnds ends = new UserEnds();
      ends.end(user(1));
      ends.end(() -> {
         throw new IllegalStateException("a session Gatling refused");
      });
      ends.end(user(3));
      awaitHandedOn(2);
      assertEquals(List.of(1, 3), handedOn);
      ends.close();
   }

   @Test
   void theCloseHandsOnWhatIsLeftAndLaterEndsAtOnce() {
      UserEnds ends = new UserEnds();
      ends.end(user(1));
      ends.end(user(2));
      ends.close();
      assertEquals(List.of(1, 2), handedOn, "handed on by the close");
      ends.end(user(3));
      assertEquals(List.of(1, 2, 3), handedOn, "after the close, at once");
      assertEquals(Thread.currentThread().getName(), handedOnBy.get(2));
   }
}
