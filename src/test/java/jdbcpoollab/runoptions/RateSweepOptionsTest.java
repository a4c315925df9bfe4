package jdbcpoollab.runoptions;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateSweepOptionsTest {
   @TempDir
   Path results;

   private RateSweepOptions options(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      p.setProperty("lab.results", results.toString());
      return RateSweepOptions.from(new Options(p, Map.of()));
   }

   private String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> options(props)).getMessage();
   }

   @Test
   void aMixWithoutTheMixWorkloadIsRefused() {
      assertTrue(error(Map.of("mix", "wait:1")).startsWith("bad option -Dmix=wait:1: it sets the mix workload, which "
            + "this run does not measure (-Dworkloads=wait)"));
   }

   /** A run folder whose summary.json names the simulation and holds one step. */
   static Path run(Path results, String name, String simulation) throws Exception {
      return run(results, name, simulation, "wait");
   }

   /** As {@link #run(Path, String, String)}, its one step of the given workload. */
   static Path run(Path results, String name, String simulation, String workload) throws Exception {
      Path dir = Files.createDirectories(results.resolve(name));
      Timing query = new Timing(100, 6.5, 6, 7, 9, 12);
      StepResult step = new StepResult(StepId.of(workload, 4), new StepCounts(64, 5, 3000, 0, 0, 600),
            new StepTimes(Timing.EMPTY, query, query),
            new StepOutcome(new UserSpread(64, 40, 47, 52, 0.99), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
      Json.write(dir.resolve("summary.json"), Map.of("simulation", simulation, "state", "complete",
            "steps", List.of(step.toMap())));
      return dir;
   }

   @Test
   void defaultsServeAThousandRequestsASecondWithTwoHundredThreads() {
      RateSweepOptions o = options(Map.of());
      assertEquals(1000, o.rate());
      assertEquals(20, o.sloP99Ms());
      assertEquals(200, o.threads());
      assertEquals(10_000, o.queueLimit());
      assertEquals(List.of(4, 8, 16, 32), o.pools());
      assertEquals(List.of("wait"), o.workloads().stream().map(w -> w.name()).toList());
      assertNull(o.from());
   }

   /** RateSweep's -Dthreads counts request threads or names their kind; the count read by default is the declared. */
   @Test
   void threadsCountsTheRequestThreadsOrNamesTheirKind() {
      assertEquals(64, options(Map.of("threads", "64")).threads());
      assertEquals(200, options(Map.of("threads", "platform")).threads());
      assertEquals(Integer.parseInt(ThreadsOption.REQUEST_THREADS.fallback()), options(Map.of()).threads());
   }

   @Test
   void badValuesAreOneLineEach() {
      assertEquals("bad option -Drate=0: allowed is a number above 0 to 100000", error(Map.of("rate", "0")));
      assertEquals("bad option -DsloP99Ms=fast: allowed is a number above 0 to 3600000",
            error(Map.of("sloP99Ms", "fast")));
      assertEquals("bad option -Dthreads=0: allowed is a whole number from 1 to 10000 (platform request threads), or"
            + " one of platform, virtual", error(Map.of("threads", "0")));
      assertTrue(error(Map.of("queueLimit", "-3")).startsWith("bad option -DqueueLimit=-3: "));
   }

   @Test
   void fromNamesAFinishedPoolSweepRunOfTheResultsFolder() throws Exception {
      Path sweep = run(results, "20261201-080000-PoolSweep", "PoolSweep");
      assertEquals(sweep, options(Map.of("from", "results/20261201-080000-PoolSweep")).from());
      assertEquals("20261201-080000-PoolSweep",
            options(Map.of("from", sweep.toString())).settings().from());
      run(results, "20261201-090000-RateSweep", "RateSweep");
      assertTrue(error(Map.of("from", "20261201-090000-RateSweep"))
            .contains("(it is a RateSweep run with 1 steps)"));
      assertTrue(error(Map.of("from", "results/nope")).startsWith("bad option -Dfrom=results/nope: allowed is a "
            + "PoolSweep run folder of "));
   }

   @Test
   void fromWithoutAStepOfEachWorkloadIsRefused() throws Exception {
      run(results, "20261201-080000-PoolSweep", "PoolSweep", "wait rtt=5ms");
      assertEquals("bad option -Dfrom=20261201-080000-PoolSweep: it has no measured step of the wait workload, "
            + "whose service time it would give (its steps are of wait rtt=5ms); leave -Dfrom out to use each step's "
            + "own, or give a PoolSweep run of wait", error(Map.of("from", "20261201-080000-PoolSweep")));
      run(results, "20261201-090000-PoolSweep", "PoolSweep", "custom");
      assertTrue(error(Map.of("from", "20261201-090000-PoolSweep", "workloads", "wait,cpu"))
            .contains(": it has no measured step of the wait workload, "));
      assertEquals(List.of("custom"), options(Map.of("from", "20261201-090000-PoolSweep", "workloads", "custom",
            "sql", "SELECT 1")).workloads().stream().map(w -> w.name()).toList(), "custom has its step");
   }
}
