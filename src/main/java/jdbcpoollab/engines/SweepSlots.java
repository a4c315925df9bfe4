package jdbcpoollab.engines;

import jdbcpoollab.analysis.KneeSearch;
import jdbcpoollab.analysis.Settling;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import jdbcpoollab.runoptions.PoolSweepOptions;

/**
 * The steps PoolSweep chooses while it runs, after its planned ones, one slot at a time, from the results so far:
 * with {@code -Dpools=auto} first the search for each series' knee ({@link KneeSearch}), one series after the
 * other; then settling ({@link Settling}): the pool that decides an undecided series' answer next, the undecided
 * series in turn, while settling's time lasts ({@code -Dsettle.seconds}, counted in warm-ups and windows). A slot
 * with nothing left to decide gets no step.
 */
public final class SweepSlots {
   /** Settling's default time: this share of the planned steps' warm-up and window time. */
   static final double SETTLE_SHARE = 0.3;
   /** The most steps settling takes, whatever its time. */
   static final int MOST_SETTLE_STEPS = 200;

   /** A slot's step: where it sits, and why it was chosen (a line for the console). */
   record Choice(SweepPlace place, String why) {
   }

   private final PoolSweepOptions options;
   private final Sizing.Context context;
   private final List<SweepPlace> series;
   private final Function<SweepPlace, StepId> ids;
   private final Map<String, List<StepResult>> results = new HashMap<>();
   private final Map<String, Integer> chosen = new HashMap<>();
   private final Map<String, Integer> settling = new HashMap<>();
   private final int searchSlots;
   private final double settleSeconds;
   private final int settleSlots;
   private int settled;

   /**
    * @param series  the sweep's series ({@link SweepPlace#series}), in the order they run
    * @param planned the planned steps
    * @param ids     how a step at a place is named
    */
   public SweepSlots(PoolSweepOptions options, Sizing.Context context, List<SweepPlace> series, int planned,
              Function<SweepPlace, StepId> ids) {
      this.options = options;
      this.context = context;
      this.series = series;
      this.ids = ids;
      boolean auto = options.autoPools();
      searchSlots = auto ? series.size() * KneeSearch.mostSteps(options.users()) : 0;
      int plannedSteps = auto ? series.size() * KneeSearch.fewestSteps(options.users()) : planned;
      double given = options.settleSeconds();
      settleSeconds = Double.isNaN(given) ? SETTLE_SHARE * plannedSteps * (options.warmup() + options.seconds())
            : given;
      settleSlots = (int) Math.min(MOST_SETTLE_STEPS, Math.floor(settleSeconds / (options.warmup() + options.seconds())
            + 1e-9));
   }

   /**
    * Settling's time: {@code -Dsettle.seconds}, by default {@value #SETTLE_SHARE} of the planned steps' warm-up and
    * window time (with {@code -Dpools=auto}, of the fewest steps a search takes per series, three from 4 users on);
    * each settling step counts its own.
    */
   public double settleSeconds() {
      return settleSeconds;
   }

   /** The slots the run's list of steps ends with: a search's most steps, then settling's. */
   public int count() {
      return searchSlots + settleSlots;
   }

   /** A step has finished: its result as summary.json holds it counts in its series from now on. */
   synchronized void finished(StepResult result) {
      results.computeIfAbsent(key(result.id()), k -> new ArrayList<>()).add(result.written());
   }

   /** The step of the slot opening now, or null when nothing is left to decide (or settling's time is up). */
   synchronized Choice next() {
      if (options.autoPools()) {
         for (SweepPlace s : series) {
            KneeSearch search = KneeSearch.of(results(s), Sizing.of(name(s), results(s), context));
            if (search.next() != null) {
               return new Choice(place(s, search.next()), String.format(Locale.ROOT, "%s: searching, pool %d next"
                     + " (tried %s)", name(s), search.next(), search.tried().isEmpty() ? "none yet"
                     : search.tried().stream().map(String::valueOf).collect(Collectors.joining(", "))));
            }
         }
      }
      if (settled >= settleSlots) {
         return null;
      }
      SweepPlace open = series.stream().filter(s -> !settling(s).decided())
            .min(Comparator.comparingInt(s -> settling.getOrDefault(key(ids.apply(s)), 0))).orElse(null);
      if (open == null) {
         return null;
      }
      Settling s = settling(open);
      settled++;
      settling.merge(key(ids.apply(open)), 1, Integer::sum);
      List<Integer> untold = s.candidates().stream().filter(p -> !s.redo().contains(p)).toList();
      return new Choice(place(open, s.next()), String.format(Locale.ROOT, "%s: settling (%d of at most %d), pool"
            + " %d again: %s%s", name(open), settled, settleSlots, s.next(), s.untold().isEmpty() ? ""
                  : "pools " + joined(untold) + " not yet told apart from pool " + s.pick(),
            s.redo().isEmpty() ? "" : (s.untold().isEmpty() ? "" : "; ") + "pool" + (s.redo().size() == 1 ? " " : "s ")
                  + joined(s.redo()) + " last measured while other work disturbed the machine"));
   }

   private static String joined(List<Integer> pools) {
      return pools.stream().map(String::valueOf).collect(Collectors.joining(", "));
   }

   private Settling settling(SweepPlace s) {
      return Settling.of(Sizing.of(name(s), results(s), context));
   }

   /** The series' place at {@code pool}, in the pass after the last one it has there. */
   private SweepPlace place(SweepPlace s, int pool) {
      int again = chosen.merge(key(ids.apply(s)) + "\n" + pool, 1, Integer::sum);
      return s.at(pool, (options.pools().contains(pool) ? options.repeat() : 0) + again);
   }

   private List<StepResult> results(SweepPlace s) {
      return results.getOrDefault(key(ids.apply(s)), List.of());
   }

   /** The series' name as the summaries give it: its workload, and its source when the sweep has several. */
   private String name(SweepPlace s) {
      StepId id = ids.apply(s);
      return id.source().isEmpty() ? id.workload() : id.workload() + " " + id.source();
   }

   private static String key(StepId id) {
      return id.workload() + "\n" + id.source();
   }
}
