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
 * drawn from: one scenario whose users all start together, go from step to step, and each end once, after the last
 * step's window; every step's requests are there under the step's name, in the order of the steps.
 */
class StepUsersEndTest {
   private static final int USERS = 4;
   private static final long WINDOW_MS = 1000;
   private static final List<String> STEPS = List.of("wait pool=1", "wait pool=2");
   private static GatlingRun.Result run;
   private static GatlingLog log;

   @BeforeAll
   static void sweep() {
      run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1,2", "seconds", "1", "warmup", "0",
            "workloads", "wait", "users", String.valueOf(USERS)), false);
      log = GatlingLog.newest(Path.of(System.getProperty("lab.gatlingResults")));
   }

   @Test
   void theUsersStartOnceGoThroughEveryStepAndEndOnceAfterTheLast() {
      assertEquals(0, run.exitCode(), run.console());
      List<UserEvent> users = log.users();
      assertEquals(List.of("pool sweep"), users.stream().map(UserEvent::scenario).distinct().toList(),
            "one scenario for every step");
      List<UserEvent> starts = users.stream().filter(UserEvent::start).toList();
      List<UserEvent> ends = users.stream().filter(e -> !e.start()).toList();
      assertEquals(USERS, starts.size(), "users started: " + users);
      assertEquals(USERS, ends.size(), "every user that started has ended, once: " + users);
      long firstStart = starts.stream().mapToLong(UserEvent::timestamp).min().orElseThrow();
      for (UserEvent end : ends) {
         assertTrue(end.timestamp() >= firstStart + STEPS.size() * WINDOW_MS,
               "a user ends once both steps' windows have passed: " + end + " " + users);
      }
      for (String step : STEPS) {
         assertTrue(log.requests(step) > 0, step + ": its requests, under its name");
      }
   }
}
