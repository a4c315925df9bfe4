package jdbcpoollab.gatling;

import jdbcpoollab.load.LoadStep;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The protocol opens a step for its first user, closes it for its last, and knows only the steps it was given. */
class PoolProtocolTest {
   private final List<String> said = new ArrayList<>();
   private final LoadStep first = step("wait pool=04");
   private final LoadStep second = step("wait pool=08");

   private static LoadStep step(String name) {
      return new LoadStep() {
         @Override
         public String name() {
            return name;
         }

         @Override
         public UserThreads threads() {
            return ThreadKinds.platform();
         }
      };
   }

   private PoolProtocol.Stage stage(String name) {
      return new PoolProtocol.Stage(() -> said.add("open " + name), () -> {
         said.add("close " + name);
         return List.of(new Outcome("gate " + name, 1, 2, null));
      }, () -> said.add("stop " + name), () -> said.add("interrupt " + name));
   }

   @Test
   void theFirstUserOpensTheStepAndTheLastOneOutClosesIt() {
      PoolProtocol pools = new PoolProtocol();
      LoadStep step = step("wait pool=04");
      pools.loadedBy(step, 3, stage("wait pool=04"));
      for (int user = 0; user < 3; user++) {
         pools.enter(step);
      }
      assertEquals(List.of(), pools.leave(step));
      assertEquals(List.of(), pools.leave(step));
      assertEquals(List.of("open wait pool=04"), said);
      assertEquals(List.of(new Outcome("gate wait pool=04", 1, 2, null)), pools.leave(step));
      pools.endRun();
      assertEquals(List.of("open wait pool=04", "close wait pool=04"), said, "closed once, not stopped again");
   }

   @Test
   void theRunsEndStopsAndClosesOnlyTheStepsStillOpen() {
      PoolProtocol pools = new PoolProtocol();
      LoadStep done = step("wait pool=04");
      LoadStep cut = step("wait pool=08");
      pools.loadedBy(done, 1, stage("wait pool=04"));
      pools.loadedBy(cut, 2, stage("wait pool=08"));
      pools.enter(done);
      pools.leave(done);
      pools.enter(cut);
      pools.endRun();
      pools.enter(cut);
      assertEquals(List.of("open wait pool=04", "close wait pool=04", "open wait pool=08", "stop wait pool=08",
            "close wait pool=08"), said);
   }

   /** {@link #first} then {@link #second}, each loaded by the same two users going from one to the other. */
   private PoolProtocol twoUsersStepByStep() {
      PoolProtocol pools = new PoolProtocol();
      for (LoadStep step : List.of(first, second)) {
         pools.loadedBy(step, 2, stage(step.name()));
      }
      pools.stepByStep(List.of(first, second), s -> exec(session -> session));
      return pools;
   }

   /** A user, on a thread of its own, arriving at {@link #second}. */
   private Thread arrivingAtTheSecond(PoolProtocol pools) {
      Thread user = new Thread(() -> pools.enter(second));
      user.start();
      return user;
   }

   @Test
   void goingStepByStepAUserWaitsAtTheNextStepUntilTheStepBeforeHasClosed() throws Exception {
      PoolProtocol pools = twoUsersStepByStep();
      pools.enter(first);
      pools.enter(first);
      pools.leave(first);
      Thread early = arrivingAtTheSecond(pools);
      early.join(300);
      assertTrue(early.isAlive(), "the user that left first waits while the step before is open");
      early.interrupt();
      early.join(300);
      assertTrue(early.isAlive(), "an interrupt meant for the loop it left does not end the wait");
      assertEquals(List.of("open wait pool=04"), said);
      pools.leave(first);
      early.join(5_000);
      assertFalse(early.isAlive());
      assertEquals(List.of("open wait pool=04", "close wait pool=04", "open wait pool=08"), said);
   }

   @Test
   void usersWaitingForAStepBeforeThatNeverClosesGoOnWhenTheRunEnds() throws Exception {
      PoolProtocol pools = twoUsersStepByStep();
      pools.enter(first);
      pools.leave(first);
      Thread waiting = arrivingAtTheSecond(pools);
      waiting.join(200);
      assertTrue(waiting.isAlive());
      pools.endRun();
      waiting.join(5_000);
      assertFalse(waiting.isAlive(), "the run's end closes the step before");
      assertEquals(List.of("open wait pool=04", "stop wait pool=04", "close wait pool=04", "stop wait pool=08",
            "close wait pool=08"), said, "the step after is never opened once the run has ended");
   }

   @Test
   void anOpenStepCannotBeGoneThroughStepByStep() {
      PoolProtocol pools = new PoolProtocol();
      LoadStep open = step("rate=300 pool=4");
      pools.arrivals(open, stage("rate=300 pool=4"));
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> pools.stepByStep(List.of(open), s -> exec(session -> session)));
      assertEquals("an open step has no users to go on to it: rate=300 pool=4", refused.getMessage());
   }

   @Test
   void aStepItWasNotGivenIsRefusedByName() {
      PoolProtocol pools = new PoolProtocol();
      pools.arrivals(step("wait pool=04"), stage("wait pool=04"));
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> pools.enter(step("wait pool=08")));
      assertEquals("not a step of this protocol: wait pool=08", refused.getMessage());
   }
}
