package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.analysis.Answer;
import jdbcpoollab.analysis.KneeSearch;
import jdbcpoollab.analysis.Settling;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Each workload's answer of a sweep that settles it or searches for its pool sizes: as data (summary.json's
 * {@code answers}: the pool, whether it is settled, the candidates still open, the passes used, and with
 * {@code -Dpools=auto} the sizes tried in order and why the search stopped) and as lines under its recommendation.
 *
 * @param autoPools     the sweep searched for its pool sizes ({@code -Dpools=auto})
 * @param settleSeconds the warm-up and window time settling could spend; 0 when it was off
 */
public record Answers(boolean autoPools, double settleSeconds) {

   /**
    * A workload's answer as summary.json's {@code answers} holds it when the sweep settles it or searches.
    *
    * @param pool          the pick as settling sees it; null when nothing could be picked
    * @param candidates    the pools still open, the pick alone once settled
    * @param disturbed     the labels of the usable steps other work on the machine disturbed
    * @param passes        the most passes any pool of the workload ran
    * @param settleSeconds the warm-up and window time settling could spend
    * @param search        the search for the pool sizes; absent without {@code -Dpools=auto}
    */
   record Written(String workload, Integer pool, boolean settled, List<Integer> candidates, List<String> disturbed,
                  int passes, double settleSeconds, @JsonInclude(JsonInclude.Include.NON_NULL) Search search) {
   }

   /**
    * The search's sizes in the order tried, how it stopped and why.
    *
    * @param stopped {@code users}, {@code bisected} or {@code failed}; null while it had not ended
    */
   record Search(List<Integer> tried, String stopped, String why) {
   }

   /**
    * summary.json's {@code answers}, one per workload (series), in the order of the sizings; {@code ran} gives a
    * sizing's steps in the order they ran.
    */
   List<Map<String, Object>> json(List<Sizing> sizings, Function<Sizing, List<StepResult>> ran) {
      List<Map<String, Object>> answers = new ArrayList<>();
      for (Sizing s : sizings) {
         Settling settling = Settling.of(s);
         Search search = null;
         if (autoPools) {
            KneeSearch knee = KneeSearch.of(ran.apply(s), s.users());
            search = new Search(knee.tried(), knee.stop() == null ? null : knee.stop().name().toLowerCase(Locale.ROOT),
                  why(knee));
         }
         answers.add(Json.toMap(new Written(s.workload(), settling.pick(), settling.decided(), settling.candidates(),
               Answer.of(s).disturbed(), settling.passes(), settleSeconds, search)));
      }
      return answers;
   }

   /**
    * The lines of the answer a run's summary.json holds for {@code s}'s workload, as {@link #lines} gave them when it
    * ran; none for a run without answers (made before them, or not a PoolSweep).
    */
   static List<String> lines(Map<String, Object> summary, Sizing s, List<StepResult> ran) {
      if (summary.get("answers") instanceof List<?> answers) {
         for (Object answer : answers) {
            Written a = Json.as(answer, Written.class);
            if (s.workload().equals(a.workload())) {
               return new Answers(a.search() != null, a.settleSeconds()).lines(s, ran);
            }
         }
      }
      return List.of();
   }

   /** The lines under a workload's recommendation: the search's sizes and stop, and whether the answer settled. */
   List<String> lines(Sizing s, List<StepResult> ran) {
      List<String> lines = new ArrayList<>();
      if (autoPools) {
         KneeSearch search = KneeSearch.of(ran, s.users());
         lines.add("pools tried, in order: " + joined(search.tried()) + "; " + why(search));
      }
      if (settleSeconds <= 0) {
         return lines;
      }
      Settling settling = Settling.of(s);
      if (settling.pick() == null) {
         return lines;
      }
      if (settling.decided()) {
         lines.add(String.format(Locale.ROOT, "settled: pool %d, told apart from the others at 5%% (%d pass%s at"
               + " most)", settling.pick(), settling.passes(), settling.passes() == 1 ? "" : "es"));
         return lines;
      }
      List<Integer> open = settling.candidates();
      lines.add(String.format(Locale.ROOT, "not settled: pools %d to %d cannot be told apart at this noise (candidates"
                  + " %s after %d passes at most; settling's %.0f s were spent). Run again with -Dsettle.seconds=%.0f,"
                  + " or -Dpools=%s -Drepeat=5, on a quieter machine.", open.get(0), open.get(open.size() - 1),
            joined(open), settling.passes(), settleSeconds, 3 * settleSeconds, open.stream().map(String::valueOf)
                  .collect(Collectors.joining(","))));
      return lines;
   }

   /** The series a step belongs to, as tables and answers name it: its workload, and its source when not empty. */
   static String series(StepResult r) {
      return r.source().isEmpty() ? r.workload() : r.workload() + " " + r.source();
   }

   private static String why(KneeSearch search) {
      if (search.stop() == null) {
         return "the search did not end (the run ended first)";
      }
      return switch (search.stop()) {
         case USERS -> String.format(Locale.ROOT, "stopped at the users: throughput still rose by more than 5%%"
               + " at every doubling up to pool %d", search.high());
         case BISECTED -> String.format(Locale.ROOT, "stopped: throughput stopped rising by more than 5%% when"
               + " doubled, and bisecting ended between pool %d (below 95%% of the best) and pool %d (within it)",
               search.low(), search.high());
         case FAILED -> String.format(Locale.ROOT, "stopped: pool %d could not be measured (failures or no"
               + " operation)", search.high());
      };
   }

   private static String joined(List<Integer> pools) {
      return pools.stream().map(String::valueOf).collect(Collectors.joining(", "));
   }
}
