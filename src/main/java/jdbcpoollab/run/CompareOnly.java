package jdbcpoollab.run;

import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.report.Comparison;
import jdbcpoollab.results.RunIndex;

import java.nio.file.Path;
import java.util.List;

/** {@code -Dcompare=runA,runB}: the side-by-side page of two finished sweeps, and nothing run. */
public final class CompareOnly {
   private CompareOnly() {
   }

   /** Writes the page and ends the run with code 0 without starting anything (see {@link Exit#now}). */
   public static Exit.LabExit write(List<Path> runs) {
      Path page = Comparison.page(SweepRun.read(runs.get(0)), SweepRun.read(runs.get(1)));
      RunIndex.write(runs.get(0).toAbsolutePath().getParent());
      String line = "jdbc-pool-lab: comparison " + page.toAbsolutePath() + " (nothing was run)";
      System.out.println(line);
      return Exit.owner().end(new Exit.LabExit(0, line));
   }
}
