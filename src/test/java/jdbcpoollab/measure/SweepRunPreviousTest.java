package jdbcpoollab.measure;

import jdbcpoollab.files.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's page compares it by default with the last complete run of its simulation before it: runs that failed, are
 * incomplete, were interrupted or killed are passed over even when they have steps, and so are other simulations'
 * and quick looks.
 */
class SweepRunPreviousTest {
   @TempDir
   Path results;

   @Test
   void theDefaultComparisonPassesOverRunsThatDidNotComplete() throws IOException {
      run("20261201-080000-PoolSweep", "complete", "PoolSweep");
      run("20261201-081000-PoolSweep", "complete", "PoolSweep");
      run("20261201-082000-RateSweep", "complete", "RateSweep");
      run("20261201-083000-PoolSweep", "incomplete", "PoolSweep");
      run("20261201-084000-PoolSweep", "interrupted", "PoolSweep");
      run("20261201-085000-PoolSweep", "killed", "PoolSweep");
      run("20261201-086000-PoolSweep", "failed", "PoolSweep");
      Path current = run("20261201-090000-PoolSweep", "running", "PoolSweep");

      SweepRun previous = SweepRun.read(current).previous().orElseThrow();
      assertEquals("20261201-081000-PoolSweep", previous.name());
      assertTrue(previous.comparable());
      assertEquals(List.of("20261201-082000-RateSweep", "20261201-081000-PoolSweep", "20261201-080000-PoolSweep"),
            SweepRun.all(results).stream().filter(SweepRun::comparable).map(SweepRun::name).toList());
   }

   @Test
   void withoutACompleteRunBeforeItThereIsNothingToCompareWith() throws IOException {
      run("20261201-080000-PoolSweep", "incomplete", "PoolSweep");
      Path current = run("20261201-090000-PoolSweep", "complete", "PoolSweep");
      assertTrue(SweepRun.read(current).previous().isEmpty());
   }

   /** A quick look's answer is provisional: no later run is held to it by default. */
   @Test
   void aQuickLookIsPassedOverToo() throws IOException {
      run("20261201-080000-PoolSweep", "complete", "PoolSweep");
      run("20261201-081000-PoolSweep", "complete", "PoolSweep", Map.of("quick", List.of("no settling")));
      Path current = run("20261201-090000-PoolSweep", "running", "PoolSweep");
      assertEquals("20261201-080000-PoolSweep", SweepRun.read(current).previous().orElseThrow().name());
   }

   /** A run folder whose summary.json has one step of {@code wait} at pool 4. */
   private Path run(String name, String state, String simulation) throws IOException {
      return run(name, state, simulation, Map.of());
   }

   private Path run(String name, String state, String simulation, Map<String, Object> settings) throws IOException {
      Path folder = Files.createDirectories(results.resolve(name));
      Timing query = new Timing(100, 5.2, 5.2, 5.2, 5.2, 5.2);
      StepResult step = new StepResult(StepId.of("wait", 4), new StepCounts(200, 5, 3000, 0, 0, 600),
            new StepTimes(Timing.EMPTY, query, query),
            new StepOutcome(new UserSpread(200, 10, 15, 20, 0.99), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
      Json.write(folder.resolve("summary.json"), Map.of("simulation", simulation, "state", state,
            "settings", settings, "steps", List.of(step.toMap())));
      return folder;
   }
}
