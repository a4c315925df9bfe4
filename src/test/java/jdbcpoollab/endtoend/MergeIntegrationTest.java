package jdbcpoollab.endtoend;

import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.options.Options;
import jdbcpoollab.run.LabExit;
import jdbcpoollab.run.MergeOnly;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import jdbcpoollab.testing.RunsAlone;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import jdbcpoollab.runoptions.RunFolderOptions;

/**
 * Two load generators at once: two Gatling JVMs run PoolSweep's plan against one database, each with its own pool
 * and half the users, and {@code -Dmerge} builds one run of them. Its throughput is the sum of theirs per step, its
 * P99s those of the union of their histograms (read here from their logs), and it measures what one run with all
 * the users measures: the workload is a 20 ms sleep with fewer users than connections, so each run's throughput is
 * users / 20 ms on a busy machine too, and a merge that averaged the runs would be half the single run's (the bounds
 * leave room for two JVMs at once losing more to a busy 2-core machine than one: 0.84 was seen there). The merge is
 * the one Merge's simulation makes in Maven's preflight, here in the test JVM: it measures nothing, and
 * {@link MergeThroughMavenTest} starts one through Maven as the docs do, beside other classes.
 */
@RunsAlone("two generators' merged throughput must be 0.65 to 1.4 times one run's of both loads")
class MergeIntegrationTest {
   private static final String STEP_4 = "wait pool=4";
   private static final String STEP_8 = "wait pool=8";

   @TempDir
   Path tmp;

   @Test
   void twoGeneratorsAtOnceMergeIntoWhatOneRunOfBothLoadsMeasures() throws Exception {
      ExternalServer server = ExternalServer.get();
      List<Path> runs = generatorsAtOnce(server);
      Path a = runs.get(0);
      Path b = runs.get(1);
      GatlingRun.Result single = GatlingRun.run(PoolSweep.class, options(server, "4"), false);
      assertEquals(0, single.exitCode(), single.console());

      // what Merge's simulation does in Maven's preflight, -Dmerge naming one run by its folder's name and one by its
      // path; MergeThroughMavenTest starts a merge through Maven as the docs do
      Set<Path> before = GatlingRun.runFolders(results());
      Properties given = new Properties();
      given.setProperty("lab.results", results().toString());
      given.setProperty("merge", a.getFileName() + "," + b);
      LabExit end = GatlingRun.ending(() -> MergeOnly.write(RunFolderOptions.merged(new Options(given, Map.of())), results()));
      assertEquals(0, end.code(), end.getMessage());
      assertTrue(end.getMessage().startsWith("jdbc-pool-lab: merged run "), end.getMessage());
      Set<Path> after = GatlingRun.runFolders(results());
      after.removeAll(before);
      assertEquals(1, after.size(), after.toString());
      GatlingRun.Result merged = result(after.iterator().next());
      assertTrue(Files.isRegularFile(merged.folder().resolve("index.html")));
      assertEquals(List.of(a.getFileName().toString(), b.getFileName().toString()),
            ((Map<?, ?>) merged.summary().get("settings")).get("mergedFrom"));

      GatlingRun.Result ra = result(a);
      GatlingRun.Result rb = result(b);
      for (String step : List.of(STEP_4, STEP_8)) {
         int pool = step.equals(STEP_4) ? 4 : 8;
         double sum = number(ra.step("wait", pool), "throughput") + number(rb.step("wait", pool), "throughput");
         Map<String, Object> m = merged.step("wait", pool);
         assertEquals(sum, number(m, "throughput"), 0.11, step);
         assertEquals(4, number(m, "users"));
         assertEquals(number(ra.step("wait", pool), "ok") + number(rb.step("wait", pool), "ok"), number(m, "ok"));
         for (String kind : List.of("acquire", "total")) {
            Histogram union = histogram(a, step, kind);
            union.add(histogram(b, step, kind));
            assertEquals(Timing.ms(union.getValueAtPercentile(99)), number(timing(m, kind), "p99"), step + " " + kind);
            assertEquals(union.getTotalCount(), (long) number(timing(m, kind), "count"), step + " " + kind);
         }
         double ratio = number(m, "throughput") / number(single.step("wait", pool), "throughput");
         System.out.printf("%s: merged %.1f ops/s (%.1f + %.1f), one run of both loads %.1f%n", step,
               number(m, "throughput"), number(ra.step("wait", pool), "throughput"),
               number(rb.step("wait", pool), "throughput"), number(single.step("wait", pool), "throughput"));
         assertTrue(ratio > 0.65 && ratio < 1.4, step + ": merged " + number(m, "throughput") + " ops/s against one "
               + "run's " + number(single.step("wait", pool), "throughput") + " of both loads");
      }
   }

   /** Two Gatling JVMs started together on the plan, two users each; their run folders, in the order they started. */
   private List<Path> generatorsAtOnce(ExternalServer server) {
      List<LabProcess> generators = new ArrayList<>();
      try {
         for (String name : List.of("a", "b")) {
            generators.add(LabProcess.gatling(PoolSweep.class, options(server, "2"), Map.of(),
                  tmp.resolve(name + ".log")));
         }
         for (LabProcess generator : generators) {
            assertEquals(0, generator.waitFor(Duration.ofMinutes(2)), generator.output());
         }
      } finally {
         generators.forEach(LabProcess::close);
      }
      List<Path> runs = GatlingRun.runFolders(results()).stream().sorted().toList();
      assertEquals(2, runs.size(), runs.toString());
      return runs;
   }

   private Path results() {
      return tmp.resolve("results");
   }

   private static GatlingRun.Result result(Path folder) {
      return new GatlingRun.Result(0, folder, null, "");
   }

   /** The {@code kind} histogram of {@code step} in a run's log, read with HdrHistogram's own reader. */
   private static Histogram histogram(Path run, String step, String kind) throws FileNotFoundException {
      HistogramLogReader reader = new HistogramLogReader(run.resolve(HistogramLog.NAME).toFile());
      String tag = step.replace(" ", "%20") + "|" + kind;
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
         if (tag.equals(h.getTag())) {
            return (Histogram) h;
         }
      }
      throw new AssertionError("no " + tag + " in " + run);
   }

   @SuppressWarnings("unchecked")
   private static Map<String, Object> timing(Map<String, Object> step, String kind) {
      return (Map<String, Object>) step.get(kind);
   }

   private static double number(Map<String, Object> m, String key) {
      return ((Number) m.get(key)).doubleValue();
   }

   /** PoolSweep's plan for one generator of {@code users} users against the shared server. */
   private Map<String, String> options(ExternalServer server, String users) {
      Map<String, String> options = new HashMap<>(Map.of("lab.results", results().toString(),
            "lab.gatlingResults", results().resolve("gatling").toString(), "lab.home", tmp.resolve("home").toString(),
            "db.url", server.url(), "db.user", "root", "pools", "4,8", "users", users, "seconds", "2",
            "warmup", "0.5", "workloads", "wait"));
      options.put("sleepMs", "20");
      return options;
   }
}
