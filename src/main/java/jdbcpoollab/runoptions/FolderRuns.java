package jdbcpoollab.runoptions;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.nio.file.Path;
import java.util.List;

/**
 * The options of the two simulations that run no load but read finished runs: Compare ({@code -Dcompare=runA,runB})
 * and Merge ({@code -Dmerge=runA,runB,…}).
 */
public final class FolderRuns {
   public static final String COMPARE = "Compare";
   public static final String MERGE = "Merge";

   private FolderRuns() {
   }

   /** The two runs of {@code -Dcompare}, read and checked now. */
   public static List<Path> compared(Options o) {
      return RunFolderOptions.pair(o, CommonOptions.results(o), COMPARE);
   }

   /** The runs of {@code -Dmerge}, read and checked now. */
   public static List<Path> merged(Options o) {
      List<Path> runs = RunFolderOptions.merge(o, CommonOptions.results(o));
      if (runs.isEmpty()) {
         throw new OptionException("missing option -Dmerge=<run-a>,<run-b>,…: the runs " + MERGE
               + " builds one run of");
      }
      return runs;
   }
}
