package jdbcpoollab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A simulation's results as its run folder and console show them; the run rewrites them after every step. */
public interface Summary {

   /** Entries of {@code summary.json} after the simulation's name, state and settings. */
   Map<String, Object> json();

   /** {@code summary.csv}. */
   Table csv();

   /**
    * The result tables: Markdown for {@code summary.md}, or aligned text for the console.
    */
   String tables(boolean markdown);

   /**
    * Sentences the closing summary, summary.md and the page begin with, before any setting or table: what the run
    * must say first (a quick look's answer is provisional, other work kept the machine busy); none by default.
    */
   default List<String> lead() {
      return List.of();
   }

   /** Failure message to count; each message says where it happened. */
   Map<String, Long> failures();

   /** True when every step so far ran to its end. */
   boolean complete();

   /**
    * True when the run's answers are provisional: what it measured was set by the load generator rather than the
    * database (a replay whose transactions held their connection longer than the application's).
    */
   default boolean provisional() {
      return false;
   }

   /**
    * Why the run measured nothing it can answer with although its steps ran to their end (a replay whose requests
    * failed at the database), or null: such a run exits as one that measured nothing.
    */
   default String unanswerable() {
      return null;
   }

   /**
    * What to change when no operation ended inside any step's window, said after "no operation ended inside any
    * measured window of N step(s): ".
    */
   default String nothingEnded() {
      return "each operation, with its user's think time between operations, takes longer than the window; give a "
            + "longer -Dseconds, a shorter statement or a shorter -DthinkMs";
   }

   /**
    * Writes the run's HTML page from its folder, if the simulation has one.
    *
    * @param compareWith the run folder the page compares this run with, or null for the simulation's default
    */
   default Optional<Path> page(Path runFolder, Path compareWith) {
      return Optional.empty();
   }
}
