package jdbcpoollab.runoptions;

import jdbcpoollab.options.Options;

import java.nio.file.Path;
import java.util.List;

/**
 * The options of the two simulations that run no load but read finished runs: Compare ({@code -Dcompare=runA,runB})
 * and Merge ({@code -Dmerge=runA,runB,…}). Their readers are {@link RunFolderOptions}', which {@link Simulations}
 * lists, so that {@link #checked}, which refuses the others' options through that list, closes no loop.
 */
public final class FolderRuns {
   public static final String COMPARE = RunFolderOptions.COMPARE;
   public static final String MERGE = RunFolderOptions.MERGE;

   private FolderRuns() {
   }

   /** The two runs of {@code -Dcompare}, read and checked now. */
   public static List<Path> compared(Options o) {
      return RunFolderOptions.compared(o);
   }

   /** The runs of {@code -Dmerge}, read and checked now. */
   public static List<Path> merged(Options o) {
      return RunFolderOptions.merged(o);
   }

   /**
    * The runs {@code simulation} ({@link #COMPARE} or {@link #MERGE}) reads, and no option it cannot apply: another
    * simulation's ({@code -Dpools}, {@code -Dusers}, …) or an unknown one is refused, since nothing is run to apply
    * it to.
    */
   public static List<Path> checked(String simulation, Options o) {
      List<Path> read = COMPARE.equals(simulation) ? RunFolderOptions.compared(o) : RunFolderOptions.merged(o);
      ForeignOptions.reject(simulation, o);
      o.rejectUnknown(simulation);
      return read;
   }
}
