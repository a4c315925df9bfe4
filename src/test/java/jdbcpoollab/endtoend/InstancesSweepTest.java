package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * -Dinstances=1,2,4 on the wait workload at pool 4, on a server whose max_connections takes 8 of the lab's
 * connections but not 16: the server sees instances x pool connections, twice the connections give more throughput,
 * and the step that would pass max_connections is warned of before the load (one line) and on the page. Each step
 * also records the JVM's heap peak and a live-thread peak that counts its 16 platform users.
 */
@RunsAlone("twice the connections must give 1.3 times the throughput in a 1 s window")
class InstancesSweepTest {

   @Test
   @SuppressWarnings("unchecked")
   void theServerSeesInstancesTimesPoolConnectionsAndIsWarnedOfTooMany() throws Exception {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "4", "users", "16",
            "instances", "1,2,4", "seconds", "1", "warmup", "0.3", "workloads", "wait",
            "db.serverOption", "max_connections=14", "connectionTimeoutMs", "1000"), false);
      assertEquals(Exit.INCOMPLETE, run.exitCode(), run.console());
      List<Map<String, Object>> steps = (List<Map<String, Object>>) run.summary().get("steps");
      assertEquals(List.of("wait instances=1", "wait instances=2", "wait instances=4"),
            steps.stream().map(s -> s.get("workload")).toList(), run.console());
      Map<String, Object> one = steps.get(0);
      Map<String, Object> two = steps.get(1);
      assertEquals(4L, ((Number) one.get("serverConnections")).longValue(), one.toString());
      assertEquals(8L, ((Number) two.get("serverConnections")).longValue(), two.toString());
      double ratio = ((Number) two.get("throughput")).doubleValue() / ((Number) one.get("throughput")).doubleValue();
      assertTrue(ratio > 1.3, "8 connections against 4, 16 users waiting 5 ms each: throughput x" + ratio);
      assertFalse((Boolean) steps.get(2).get("complete"), steps.get(2).toString());
      String warning = "4 instances x pool 4 = 16 connections pass the server's max_connections 14";
      assertEquals(1, run.console().lines().filter(l -> l.contains(warning + " (less the lab's own")).count(),
            run.console());
      String why = String.valueOf(((Map<?, ?>) run.summary().get("incomplete")).get("wait instances=4 pool=4"));
      assertTrue(why.startsWith("pool did not open: " + warning), why);
      assertTrue(Files.readString(run.folder().resolve("index.html")).contains("wait instances=4 pool=4: 4 instances x"
            + " pool 4 = 16 connections pass the server"), "the page warns too");
      List<Map<String, Object>> shapes = (List<Map<String, Object>>) run.summary().get("shapes");
      assertEquals(List.of(4, 8, 16), shapes.stream().map(r -> ((Number) r.get("connections")).intValue()).toList());
      for (Map<String, Object> step : steps.subList(0, 2)) {
         Map<String, Object> jvm = (Map<String, Object>) step.get("jvm");
         assertTrue(((Number) jvm.get("heapPeakMb")).doubleValue() > 0, step.toString());
         assertTrue(((Number) jvm.get("liveThreadsPeak")).intValue() >= 16, "16 users on platform threads: " + jvm);
      }
      assertEquals(shapes.get(0).get("liveThreadsPeak"), ((Map<String, Object>) steps.get(0).get("jvm"))
            .get("liveThreadsPeak"), "the shapes table carries the peaks");
   }
}
