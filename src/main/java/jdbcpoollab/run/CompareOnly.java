package jdbcpoollab.run;

import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.Comparison;
import jdbcpoollab.results.RunIndex;

import java.nio.file.Path;
import java.util.List;
import jdbcpoollab.runoptions.RunFolderOptions;
import jdbcpoollab.runoptions.ForeignOptions;

/** Compare ({@code -Dsim=Compare -Dcompare=runA,runB}): the side-by-side page of two finished runs, nothing run. */
public final class CompareOnly {
   private CompareOnly() {
   }

   /**
    * Compare's whole run, as its simulation is made: the page written and the run ended with code 0; bad input
    * ends it with one line and code 64. Either way it throws, for a harness that owns the JVM ({@link Exit#now}).
    */
   public static void run() {
      Options system = Options.fromSystem();
      throw write(Exit.options(() -> {
         List<Path> runs = RunFolderOptions.compared(system);
         ForeignOptions.rejectAllBut(RunFolderOptions.COMPARE, system);
         return runs;
      }));
   }

   /** Writes the page and ends the run with code 0 without starting anything (see {@link Exit#now}). */
   public static LabExit write(List<Path> runs) {
      Path page = Comparison.page(SweepRun.read(runs.get(0)), SweepRun.read(runs.get(1)));
      RunIndex.write(runs.get(0).toAbsolutePath().getParent());
      String line = "jdbc-pool-lab: comparison " + page.toAbsolutePath() + " (nothing was run)";
      System.out.println(line);
      return Exit.owner().end(new LabExit(0, line));
   }
}
