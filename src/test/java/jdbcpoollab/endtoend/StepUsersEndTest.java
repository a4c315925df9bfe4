package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingLog;
import jdbcpoollab.testing.GatlingLog.UserEvent;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real two-step sweep as Gatling's simulation.log records its users, the records its report's user charts are
 * drawn from: each step's users start together, all end under the step's scenario once its window has passed, and
 * the step's active users are 0 from then on, before the next step starts. (Gatling 3.15's report still draws every
 * step but the last at its last second's count until the run ends: docs/poolsweep.md#gatlings-report.)
 */
class StepUsersEndTest {
   private static final int USERS = 4;
   private static final long WINDOW_MS = 1000;
   private static final List<String> STEPS = List.of("wait pool=1", "wait pool=2");
   private static GatlingRun.Result run;
   private static List<UserEvent> users;

   @BeforeAll
   static void sweep() {
      run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1,2", "seconds", "1", "warmup", "0",
            "workloads", "wait", "users", String.valueOf(USERS)), false);
      users = GatlingLog.newest(Path.of(System.getProperty("lab.gatlingResults"))).users();
   }

   @Test
   void eachStepsActiveUsersFallToZeroWhenTheStepEnds() {
      assertEquals(0, run.exitCode(), run.console());
      assertEquals(STEPS, users.stream().map(UserEvent::scenario).distinct().toList(), "the steps, in their order");
      long previousEnd = Long.MIN_VALUE;
      for (String step : STEPS) {
         List<UserEvent> events = users.stream().filter(e -> e.scenario().equals(step)).toList();
         long firstStart = events.get(0).timestamp();
         assertTrue(firstStart >= previousEnd, step + " starts once the step before it has no active user");
         int active = 0;
         for (UserEvent event : events) {
            active += event.start() ? 1 : -1;
            assertTrue(active >= 0, step + ": no user ends twice: " + events);
            assertTrue(event.start() || event.timestamp() >= firstStart + WINDOW_MS,
                  step + ": a user ends once the step's window has passed: " + event);
         }
         assertEquals(USERS, events.stream().filter(UserEvent::start).count(), step + ": users started");
         assertEquals(0, active, step + ": every user that started has ended: " + events);
         previousEnd = events.get(events.size() - 1).timestamp();
      }
   }
}
