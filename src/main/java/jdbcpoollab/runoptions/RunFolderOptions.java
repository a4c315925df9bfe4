package jdbcpoollab.runoptions;

import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.results.RunMerge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The earlier runs a run names: a sweep's own comparison ({@code -Dcompare=<run>}), Compare's two runs and Merge's
 * ({@code -Dmerge}), found and read before anything starts.
 */
public final class RunFolderOptions {
   /** The simulation that puts two finished runs side by side. */
   public static final String COMPARE = "Compare";
   /** The simulation that builds one run of the runs of several load generators. */
   public static final String MERGE = "Merge";

   private RunFolderOptions() {
   }

   /** Compare's two runs of {@code -Dcompare}, read and checked now. */
   public static List<Path> compared(Options o) {
      return pair(o, CommonOptions.results(o), COMPARE);
   }

   /** Merge's runs of {@code -Dmerge}, read and checked now. */
   public static List<Path> merged(Options o) {
      List<Path> runs = merge(o, CommonOptions.results(o));
      if (runs.isEmpty()) {
         throw new OptionException("missing option -Dmerge=<run-a>,<run-b>,…: the runs " + MERGE
               + " builds one run of");
      }
      return runs;
   }

   /**
    * The run a sweep's page is compared with ({@code -Dcompare}), empty when not given. Two runs are Compare's: they
    * are refused with the line that names it, before anything starts.
    */
   static List<Path> baseline(Options o, Path results) {
      List<Path> runs = compare(o, results);
      if (runs.size() == 2) {
         String raw = o.raw(Declared.COMPARE);
         throw new OptionException("bad option -Dcompare=" + raw + ": two runs are put side by side without a run:"
               + " mvn gatling:test -Dsim=Compare -Dcompare=" + raw);
      }
      return runs;
   }

   /** The two runs of {@code -Dcompare} that {@code simulation} puts side by side; one alone is a sweep's. */
   private static List<Path> pair(Options o, Path results, String simulation) {
      List<Path> runs = compare(o, results);
      if (runs.isEmpty()) {
         throw new OptionException("missing option -Dcompare=<run-a>,<run-b>: the two runs " + simulation
               + " puts side by side");
      }
      if (runs.size() == 1) {
         String raw = o.raw(Declared.COMPARE);
         throw new OptionException("bad option -Dcompare=" + raw + ": " + simulation + " puts two runs side by side;"
               + " a new sweep is compared with one run by mvn gatling:test -Dsim=PoolSweep -Dcompare=" + raw);
      }
      return runs;
   }

   /**
    * The runs of {@code -Dcompare}: one or two run folders of the results folder (each holding a summary.json),
    * given by name or path, read now.
    */
   static List<Path> compare(Options o, Path results) {
      String name = Declared.COMPARE.name();
      String raw = o.raw(Declared.COMPARE);
      if (raw == null) {
         return List.of();
      }
      String allowed = "one or two run folders of " + results.toAbsolutePath().normalize()
            + ", comma-separated, each holding a summary.json";
      List<Path> runs = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         Path file = part.isBlank() ? null : Path.of(part.trim()).getFileName();
         Path run = file == null ? null : results.resolve(file);
         if (run == null || runs.contains(run) || !Files.isRegularFile(run.resolve("summary.json"))) {
            throw Options.bad(name, raw, allowed);
         }
         try {
            SweepRun.read(run);
         } catch (RuntimeException e) {
            // read now, before anything starts, rather than by the page at the end of the run
            throw new OptionException("bad option -D" + name + "=" + raw + ": " + e.getMessage().lines().findFirst()
                  .orElse(""));
         }
         runs.add(run);
      }
      if (runs.size() > 2) {
         throw Options.bad(name, raw, allowed);
      }
      return List.copyOf(runs);
   }

   /**
    * {@code -Dmerge} given to a simulation that runs load: merging is Merge's, named in the line that refuses it.
    * The option is not read here, so that another simulation than PoolSweep names Merge as its owner.
    */
   static void notMerge(Options o) {
      String raw = o.given(Declared.MERGE);
      if (raw != null) {
         throw new OptionException("bad option -Dmerge=" + raw + ": runs are merged without a run: mvn gatling:test"
               + " -Dsim=Merge -Dmerge=" + raw);
      }
   }

   /**
    * The runs of {@code -Dmerge}, by name in the results folder or by path, two or more, read and checked now
    * ({@link RunMerge}): a run that is missing, incomplete or without histograms, differing plans and runs that did
    * not measure at the same time are bad input.
    */
   private static List<Path> merge(Options o, Path results) {
      String raw = o.read(Declared.MERGE);
      if (raw == null) {
         return List.of();
      }
      if (o.raw(Declared.COMPARE) != null) {
         throw Options.bad(Declared.MERGE, raw, "not with -Dcompare: merge first, then compare the merged run");
      }
      List<Path> runs = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         if (part.isBlank()) {
            throw Options.bad(Declared.MERGE, raw, "run folders, comma-separated, each named once");
         }
         Path given = Path.of(part.trim());
         Path named = results.resolve(given.getFileName());
         runs.add(given.getNameCount() == 1 || Files.isDirectory(named) && !Files.isDirectory(given) ? named : given);
      }
      if (runs.stream().map(p -> p.toAbsolutePath().normalize()).distinct().count() < runs.size()) {
         throw Options.bad(Declared.MERGE, raw, "run folders, comma-separated, each named once");
      }
      try {
         RunMerge.read(runs);
      } catch (IllegalArgumentException e) {
         throw new OptionException("bad option -Dmerge=" + raw + ": " + e.getMessage().lines().findFirst().orElse(""));
      }
      return List.copyOf(runs);
   }
}
