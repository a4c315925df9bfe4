package jdbcpoollab.run;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.results.MergedRun;
import jdbcpoollab.results.RunMerge;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import jdbcpoollab.runoptions.CommonOptions;
import jdbcpoollab.runoptions.RunFolderOptions;
import jdbcpoollab.runoptions.ForeignOptions;

/**
 * Merge ({@code -Dsim=Merge -Dmerge=runA,runB,…}): one run folder, its summaries and page, from runs of one plan
 * measured at the same time by several load generators; nothing is run and no database started.
 */
public final class MergeOnly {
   private MergeOnly() {
   }

   /**
    * Merge's whole run, as its simulation is made: the merged run written and the run ended with code 0; bad input
    * ends it with one line and code 64. Either way it throws, for a harness that owns the JVM ({@link Exit#now}).
    */
   public static void run() {
      Options system = Options.fromSystem();
      List<Path> runs = Exit.options(() -> checked(system));
      throw write(runs, CommonOptions.results(system));
   }

   /**
    * The runs of {@code -Dmerge}, read and checked, and no option Merge cannot apply: another simulation's
    * ({@code -Dpools}, {@code -Dusers}, …) or an unknown one is refused, since nothing is run to apply it to.
    */
   public static List<Path> checked(Options o) {
      List<Path> read = RunFolderOptions.merged(o);
      ForeignOptions.rejectAllBut(RunFolderOptions.MERGE, o);
      return read;
   }

   /** Writes the merged run and ends with code 0 without starting anything (see {@link Exit#now}). */
   public static LabExit write(List<Path> runs, Path results) {
      Path folder;
      try {
         folder = MergedRun.write(RunMerge.read(runs), results, LocalDateTime.now());
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
      String line = "jdbc-pool-lab: merged run " + folder.toAbsolutePath() + " (nothing was run)";
      System.out.println(line);
      return Exit.owner().end(new LabExit(0, line));
   }
}
