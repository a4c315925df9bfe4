package jdbcpoollab.endtoend;

import io.gatling.app.Gatling$;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.testing.GatlingLog;
import jdbcpoollab.workloads.WaitWorkload;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's Gatling action on a real server: each user's whole closed loop runs on one platform thread of its own,
 * no two users share one, and every operation the lab measured reached Gatling's stats as a request.
 */
class OneThreadPerUserTest {
   private static final int USERS = 12;
   private static final String REQUEST = "wait pool=4";
   private static final Map<Thread, LongAdder> OPERATIONS_BY_THREAD = new ConcurrentHashMap<>();
   private static final AtomicReference<StepResult> RESULT = new AtomicReference<>();
   private static EmbeddedMariaDb server;
   private static Database database;
   private static GatlingLog log;

   /** The wait statement of the dialect, counting which thread ran each operation. */
   private record CountingWait(String statement) implements Workload {
      @Override
      public String name() {
         return "wait";
      }

      @Override
      public void run(Connection connection) throws SQLException {
         OPERATIONS_BY_THREAD.computeIfAbsent(Thread.currentThread(), t -> new LongAdder()).increment();
         Workload.super.run(connection);
      }
   }

   /** One step of {@link #USERS} users, as PoolSweep chains it. */
   public static class Plan extends Simulation {
      private final Step step = new Step(new CountingWait(WaitWorkload.sql(database.dialect(), 2)), REQUEST,
            () -> PoolLibraries.DEFAULT.named("hikari").open(database, new PoolShape("one-thread", 4, 4, 10_000)),
            new StepRecorder(StepId.of("wait", 4), USERS, 200_000_000L, 1_000_000_000L));

      private final PoolProtocol pools = new PoolProtocol();

      {
         pools.loadedBy(step, USERS, new PoolProtocol.Stage(step::enter, () -> {
            RESULT.set(step.close());
            return List.of();
         }));
         setUp(scenario(REQUEST).exec(exec(Jdbc.closedLoop(step))).injectOpen(atOnceUsers(USERS))).protocols(pools);
      }
   }

   @BeforeAll
   static void run(@TempDir Path gatlingResults) {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
      int code = Gatling$.MODULE$.fromArgs(new String[] {"-s", Plan.class.getName(), "-rf",
            gatlingResults.toString(), "-nr"});
      assertEquals(0, code);
      log = GatlingLog.newest(gatlingResults);
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @Test
   void eachUserRanOnExactlyOneThreadOfItsOwn() {
      assertEquals(USERS, OPERATIONS_BY_THREAD.size(), "one thread per user: " + OPERATIONS_BY_THREAD.keySet());
      Set<String> users = OPERATIONS_BY_THREAD.keySet().stream().map(t -> t.getName().split("-")[1])
            .collect(Collectors.toSet());
      assertEquals(USERS, users.size(), "no user on two threads, no thread for two users: " + users);
      for (Map.Entry<Thread, LongAdder> thread : OPERATIONS_BY_THREAD.entrySet()) {
         assertTrue(thread.getKey().getName().startsWith("user-"), thread.getKey().getName());
         assertTrue(thread.getValue().sum() >= 10, "each user looped on its thread: " + thread);
      }
   }

   @Test
   void everyMeasuredOperationReachedGatlingsStats() {
      StepResult result = RESULT.get();
      assertNotNull(result);
      assertTrue(result.counts().ok() > 100, result.toString());
      assertEquals(result.counts().ok() + result.counts().ko(), log.requests(REQUEST), "requests in simulation.log");
      assertEquals(USERS, result.outcome().perUser().users(), "every user measured");
   }
}
