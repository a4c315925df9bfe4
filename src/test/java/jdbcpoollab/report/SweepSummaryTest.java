package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.JvmPeaks;
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
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepSummaryTest {

   private static StepResult step(int pool, ClientCpu cpu) {
      Timing t = new Timing(1000, 0.1, 0.1, 0.1, 0.2, 0.3);
      return new StepResult(StepId.of("point", pool), new StepCounts(64, 5, 1000, 0, 0, 200), new StepTimes(t, t, t),
            new StepOutcome(UserSpread.of(new long[] {500, 500}), Map.of(), true),
            new StepResources(null, Double.NaN, DatabaseActivity.NONE, cpu), StepChecks.NONE, StepRuntime.NONE);
   }

   @Test
   void aStepAbove80PercentOfTheMachineIsFlaggedOnItsLineInTheTablesAndTheCsv() {
      SweepSummary summary = new SweepSummary(new Sizing.Context(64, 2, 100));
      String quiet = summary.add("point pool=8", step(8, new ClientCpu(0.5, 25)));
      StepResult peaked = step(64, new ClientCpu(0.93, 18.4)).withJvm(new JvmPeaks(212.46, 87));
      String bound = summary.add("point pool=64", peaked);
      assertTrue(quiet.endsWith(", client CPU 50% (25 µs/op)"), quiet);
      assertTrue(bound.endsWith(", client CPU 93% (18 µs/op); " + ClientCpu.BOUND), bound);

      String md = summary.tables(true);
      assertTrue(md.contains("| 64 (client-bound) |"), md);
      assertFalse(md.contains("| 8 (client-bound) |"), md);
      assertTrue(md.contains("point pool=64: " + ClientCpu.BOUND), md);
      assertFalse(md.contains("point pool=8: " + ClientCpu.BOUND), md);

      Table csv = summary.csv();
      List<String> text = List.of(csv.csv().split("\n"));
      assertTrue(text.get(0).endsWith("client_cpu_share,client_cpu_us_per_op,client_bound,heap_peak_mb,"
            + "live_threads_peak,jit_ms_per_s"), text.get(0));
      assertTrue(text.get(1).endsWith("0.5000,25.0,false,,,"), text.get(1));
      assertTrue(text.get(2).endsWith("0.9300,18.4,true,212.5,87,"), text.get(2));
      assertEquals(new JvmPeaks(212.5, 87), peaked.written().runtime().jvm(), "summary.json keeps the peaks, rounded");
      assertNull(step(8, ClientCpu.UNKNOWN).written().runtime().jvm(), "a step without them reads back without them");
   }

   @Test
   void aStepsLineSaysHowLongTheGarbageCollectorStoppedTheLoadGenerator() {
      SweepSummary summary = new SweepSummary(new Sizing.Context(64, 2, 100));
      String paused = summary.add("point pool=8", step(8, new ClientCpu(0.5, 25)).withJvm(new JvmPeaks(100, 70, 9.0,
            2L, 31L)));
      String once = summary.add("point pool=16", step(16, new ClientCpu(0.5, 25)).withJvm(new JvmPeaks(100, 70, 9.0,
            1L, 12L)));
      String none = summary.add("point pool=32", step(32, new ClientCpu(0.5, 25)).withJvm(new JvmPeaks(100, 70, 9.0,
            0L, 0L)));
      assertTrue(paused.contains(", GC paused the JVM 2 times, 31 ms in all"), paused);
      assertTrue(once.contains(", GC paused the JVM 1 time, 12 ms in all"), once);
      assertFalse(none.contains("GC"), none);
   }

   @Test
   void aStepMeasuredWhileTheJitStillCompiledSaysSoOnItsLineUnderItsTableAndInTheCsv() {
      SweepSummary summary = new SweepSummary(new Sizing.Context(64, 2, 100));
      String warm = summary.add("point pool=8", step(8, new ClientCpu(0.5, 25)).withJvm(new JvmPeaks(100, 70, 99.94)));
      StepResult compiling = step(64, new ClientCpu(0.5, 25)).withJvm(new JvmPeaks(100, 70, 580.36));
      String cold = summary.add("point pool=64", compiling);
      assertFalse(warm.contains("JIT"), "99.9 ms a second is under the bar: " + warm);
      assertTrue(cold.contains(", the JIT compiling 580 ms a second (still warming)"), cold);

      String md = summary.tables(true);
      assertTrue(md.contains("point pool=64: the JIT compiled 580 ms a second in the window (100 or more: the load"
            + " generator still warming)"), md);
      assertFalse(md.contains("point pool=8: the JIT"), md);
      List<String> csv = List.of(summary.csv().csv().split("\n"));
      assertTrue(csv.get(1).endsWith(",100.0,70,99.9"), csv.get(1));
      assertTrue(csv.get(2).endsWith(",100.0,70,580.4"), csv.get(2));
      assertEquals(580.4, StepResult.fromMap(compiling.toMap()).runtime().jvm().jitMsPerSecond(), 1e-9,
            "summary.json keeps it to a tenth");
      Map<String, Object> older = new LinkedHashMap<>(compiling.toMap());
      older.put("jvm", Map.of("heapPeakMb", 100.0, "liveThreadsPeak", 70));
      assertNull(StepResult.fromMap(older).runtime().jvm().jitMsPerSecond(), "a summary without it reads back without");
      assertFalse(StepResult.fromMap(older).runtime().jvm().jitBusy());
   }

   @Test
   void theClientCpuSurvivesTheSummaryJsonAndAStepWithoutItReadsAsUnknown() {
      StepResult bound = step(64, new ClientCpu(0.93, 18.4));
      StepResult back = StepResult.fromMap(bound.toMap());
      assertEquals(0.93, back.resources().clientCpu().share(), 1e-9);
      assertTrue(back.resources().clientCpu().clientBound());
      Map<String, Object> old = new LinkedHashMap<>(bound.toMap());
      old.remove("clientCpu");
      assertFalse(StepResult.fromMap(old).resources().clientCpu().clientBound());
      assertTrue(Double.isNaN(StepResult.fromMap(old).resources().clientCpu().share()));
   }
}
