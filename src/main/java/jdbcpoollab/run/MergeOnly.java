package jdbcpoollab.run;

import jdbcpoollab.results.MergedRun;
import jdbcpoollab.results.RunMerge;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

/**
 * {@code -Dmerge=runA,runB,…}: one run folder, its summaries and page, from runs of one plan measured at the same
 * time by several load generators; nothing is run and no database started.
 */
public final class MergeOnly {
   private MergeOnly() {
   }

   /** Writes the merged run and ends with code 0 without starting anything (see {@link Exit#now}). */
   public static Exit.LabExit write(List<Path> runs, Path results) {
      Path folder;
      try {
         folder = MergedRun.write(RunMerge.read(runs), results, LocalDateTime.now());
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
      String line = "jdbc-pool-lab: merged run " + folder.toAbsolutePath() + " (nothing was run)";
      System.out.println(line);
      return Exit.owner().end(new Exit.LabExit(0, line));
   }
}
