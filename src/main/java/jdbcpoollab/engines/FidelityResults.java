package jdbcpoollab.engines;

import jdbcpoollab.analysis.FidelityMedian;
import jdbcpoollab.analysis.FidelityRow;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.KindResult;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.WindowCpu;
import jdbcpoollab.reference.ReferenceResult;
import jdbcpoollab.report.FidelitySummary;
import jdbcpoollab.report.FidelityTable;
import jdbcpoollab.report.KindsTable;
import jdbcpoollab.run.Lab;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What Fidelity's steps and blocks measured, reported as they end: each measured step's line, summaries and kinds of
 * operations, and after each block its row of ratios and the table of medians over the rounds so far.
 */
final class FidelityResults {
   private final Lab lab;
   private final FidelitySummary summary;
   private final int users;
   private final List<FidelityRow> rows = new ArrayList<>();
   /** What each of the lab's steps measured, as it closed. */
   private final Map<Step, StepResult> results = new ConcurrentHashMap<>();
   /** Each request and statement of a workload of several, per contender's step. */
   private final KindsTable kinds = new KindsTable();
   /** The client's CPU while each block's plugin ran. */
   private final Map<FidelityBlock, WindowCpu> pluginCpu = new ConcurrentHashMap<>();

   FidelityResults(Lab lab, FidelitySummary summary, int users) {
      this.lab = lab;
      this.summary = summary;
      this.users = users;
   }

   /** The lab's step of block {@code b} closed with {@code result}: kept for its ratios, reported if measured. */
   List<Outcome> labClosed(FidelityBlock b, StepResult result) {
      results.put(b.lab().step(), result);
      return b.at().measured() ? finished(result, b.lab().recorder().kinds().values()) : List.of();
   }

   /** Reports a measured step of a contender: its line, its summaries and its kinds of operations. */
   List<Outcome> finished(StepResult result, Collection<KindResult> kindsOfStep) {
      synchronized (kinds) {
         if (kinds.add(result, kindsOfStep)) {
            lab.section(KindsTable.KEY, KindsTable.TITLE, kinds.table(), kinds.rows(), KindsTable.NOTE);
         }
      }
      return lab.stepFinished(summary.add(result.id().name(), result), result);
   }

   /** The plugin's users of block {@code b} start: the client's CPU is watched over its window. */
   void pluginStarts(FidelityBlock b) {
      pluginCpu.put(b, WindowCpu.watch(b.plugin().window()));
   }

   /** Block {@code b} has run: its row joins the others, and the table of medians is written again. */
   void ratios(FidelityBlock b) {
      StepResult labResult = results.get(b.lab().step());
      StepResult rawResult = b.raw().step();
      ReferenceResult reference = b.raw().reference();
      if (labResult == null || rawResult == null) {
         return;
      }
      WindowCpu plugin = pluginCpu.get(b);
      FidelityRow.Cpu cpu = new FidelityRow.Cpu(labResult.resources().clientCpu().microsPerOp(),
            rawResult.resources().clientCpu().microsPerOp(),
            plugin != null ? plugin.microsPerOperation(b.pluginReturns().count()) : Double.NaN,
            reference.threadCpuMicrosPerOp());
      rows.add(new FidelityRow(b.at().workload().name(), b.at().round(), b.at().pool(), users,
            b.s1().step(), labResult, Timing.of(b.lab().recorder().gaps()), b.lab().returns().count(),
            rawResult, Timing.of(reference.gaps()), b.twin() == null ? null : b.twin().step(),
            plugin != null ? b.pluginReturns().count() : 0, plugin != null ? b.pluginSeconds() : 0, cpu));
      List<FidelityMedian> medians = FidelityMedian.of(rows);
      lab.section("fidelity", "Fidelity: the lab against plain threads, the plugin and Little's law",
            FidelityTable.of(medians), medians.stream().map(FidelityMedian::toMap).toList(), FidelityTable.NOTE);
   }
}
