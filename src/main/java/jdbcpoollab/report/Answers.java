package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.analysis.Answer;
import jdbcpoollab.analysis.KneeSearch;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.analysis.Settling;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Each workload's answer of a sweep that settles it or searches for its pool sizes: as data (summary.json's
 * {@code answers}: the pool, whether it is settled, the candidates still open, the passes used, and with
 * {@code -Dpools=auto} the sizes tried in order and why the search stopped) and as lines under its recommendation.
 *
 * @param autoPools     the sweep searched for its pool sizes ({@code -Dpools=auto})
 * @param settleSeconds the warm-up and window time settling could spend; 0 when it was off
 * @param stepSeconds   a step's warm-up and window, which each settling step counts against settleSeconds; 0 when
 *                      not known (a summary.json written before it was)
 * @param provisional   why every answer is provisional (a quick look's, {@code -Dquick=true}: what it skipped); null
 *                      when they are not
 */
public record Answers(boolean autoPools, double settleSeconds, double stepSeconds, String provisional) {

   /** The answers of a sweep that is no quick look. */
   public Answers(boolean autoPools, double settleSeconds, double stepSeconds) {
      this(autoPools, settleSeconds, stepSeconds, null);
   }

   /**
    * A workload's answer as summary.json's {@code answers} holds it when the sweep settles it or searches.
    *
    * @param pool          the pick as settling sees it; null when nothing could be picked
    * @param settled       whether the rule's test told the pick apart at 5%; never for a provisional answer
    * @param candidates    the pools still open, the pick alone once settled
    * @param disturbed     the names of the usable steps other work on the machine disturbed
    * @param passes        the most passes any pool of the workload ran
    * @param settleSeconds the warm-up and window time settling could spend
    * @param stepSeconds   a step's warm-up and window
    * @param search        the search for the pool sizes; absent without {@code -Dpools=auto}
    * @param provisional   true for a quick look's answer, which skipped what a settled one needs
    * @param whyProvisional what the quick look skipped; absent when the answer is not provisional
    */
   record Written(String workload, Integer pool, boolean settled, List<Integer> candidates, List<String> disturbed,
                  int passes, double settleSeconds, double stepSeconds,
                  @JsonInclude(JsonInclude.Include.NON_NULL) Search search, boolean provisional,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String whyProvisional) {
   }

   /**
    * The search's sizes in the order tried, how it stopped and why.
    *
    * @param stopped {@code users}, {@code bisected}, {@code saturated} or {@code failed}; null while it had not ended
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
         Answer answer = Answer.of(s);
         Search search = null;
         if (autoPools) {
            KneeSearch knee = KneeSearch.of(ran.apply(s), s);
            search = new Search(knee.tried(), knee.stop() == null ? null : knee.stop().name().toLowerCase(Locale.ROOT),
                  why(knee));
         }
         // a quick look skipped pools and the JVM's warm-up: what its steps decide is no settled answer
         answers.add(Json.toMap(new Written(answer.workload(), answer.pool(), answer.settled() && provisional == null,
               answer.candidates(), answer.disturbed(), answer.passes(), settleSeconds, stepSeconds, search,
               provisional != null, provisional)));
      }
      return answers;
   }

   /** True when a run's summary.json holds answers a sweep settles, as {@link #json} writes them. */
   static boolean settles(Map<String, Object> summary) {
      return summary.get("answers") instanceof List<?> answers && answers.stream()
            .anyMatch(a -> a instanceof Map<?, ?> m && m.containsKey("settleSeconds"));
   }

   /** Why a run's answers are provisional, as its summary.json holds it; null when they are not (or it has none). */
   static String provisional(Map<String, Object> summary) {
      if (summary.get("answers") instanceof List<?> answers) {
         return answers.stream().map(a -> Json.as(a, Written.class).whyProvisional()).filter(Objects::nonNull)
               .findFirst().orElse(null);
      }
      return null;
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
               return new Answers(a.search() != null, a.settleSeconds(), a.stepSeconds(), a.whyProvisional())
                     .lines(s, ran);
            }
         }
      }
      return List.of();
   }

   /** The lines under a workload's recommendation: the search's sizes and stop, and whether the answer settled. */
   List<String> lines(Sizing s, List<StepResult> ran) {
      List<String> lines = new ArrayList<>();
      if (provisional != null) {
         lines.add("provisional: " + provisional);
      }
      if (autoPools) {
         KneeSearch search = KneeSearch.of(ran, s);
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
         lines.add(String.format(Locale.ROOT, "%s: pool %d, told apart from the others%s at 5%% (%d pass%s at"
               + " most)", provisional == null ? "settled" : "decided, still provisional", settling.pick(),
               provisional == null ? "" : " measured", settling.passes(), settling.passes() == 1 ? "" : "es"));
         return lines;
      }
      List<Integer> open = settling.candidates();
      String pools = open.stream().map(String::valueOf).collect(Collectors.joining(","));
      String state = String.format(Locale.ROOT, "not settled: %s (candidates %s after %d pass%s at most; ",
            why(settling), joined(open), settling.passes(), settling.passes() == 1 ? "" : "es");
      // the same count of settling steps as the run's (SweepSlots): a budget under one step ran none
      if (stepSeconds > 0 && settleSeconds / stepSeconds + 1e-9 < 1) {
         lines.add(state + String.format(Locale.ROOT, "no settling step fitted in settling's %s s, under one step's"
               + " %s s of warm-up and window). Run again with -Dsettle.seconds=%s (two more steps of each"
               + " candidate), or -Dpools=%s -Drepeat=5.", NumberText.trimmed(settleSeconds),
               NumberText.trimmed(stepSeconds), NumberText.trimmed(2 * open.size() * stepSeconds), pools));
      } else {
         lines.add(state + String.format(Locale.ROOT, "settling's %.0f s were spent). Run again with"
               + " -Dsettle.seconds=%.0f, or -Dpools=%s -Drepeat=5, on a quieter machine.", settleSeconds,
               3 * settleSeconds, pools));
      }
      return lines;
   }

   /** Why an answer is open: the pools not yet told apart, and apart from them those measured while disturbed. */
   private static String why(Settling settling) {
      List<Integer> untold = settling.untold();
      List<Integer> redo = settling.redo();
      String told = (untold.size() == 1 ? "pool " : "pools ") + listed(untold) + " cannot be told apart from pool "
            + settling.best() + " at this noise";
      String again = (redo.size() == 1 ? "pool " + redo.get(0) + " is open as its last step was"
            : "pools " + listed(redo) + " are open as their last steps were") + " disturbed by other work on the"
            + " machine";
      return untold.isEmpty() ? again : redo.isEmpty() ? told : told + "; " + again;
   }

   /** Pools in words: {@code 2 and 64}, {@code 1, 2 and 64}. */
   private static String listed(List<Integer> pools) {
      String all = joined(pools);
      int last = all.lastIndexOf(", ");
      return last < 0 ? all : all.substring(0, last) + " and " + all.substring(last + 2);
   }

   /** The series a step belongs to, as tables and answers name it: its workload, and its source when not empty. */
   static String series(StepResult r) {
      return r.source().isEmpty() ? r.workload() : r.workload() + " " + r.source();
   }

   private static String why(KneeSearch search) {
      if (search.stop() == null) {
         return "the search did not end (the run ended first)";
      }
      String jumped = search.jumpedFrom() == 0 ? "" : String.format(Locale.ROOT, "throughput rose in proportion to the"
            + " pool up to pool %d with the database not saturated, so the search tried the users' pool next; ",
            search.jumpedFrom());
      String low = search.lowByCeiling() ? String.format(Locale.ROOT, "no pool up to %d can reach 95%% of the best"
            + " (its Little's-law ceiling is lower)", search.low()) : "";
      return switch (search.stop()) {
         case USERS -> search.jumpedFrom() == 0 ? String.format(Locale.ROOT, "stopped at the users: throughput still"
               + " rose by more than 5%% at every doubling up to pool %d", search.high())
               : "stopped at the users: " + jumped + (low.isEmpty() ? String.format(Locale.ROOT, "pool %d measured"
               + " below 95%% of pool %d", search.low(), search.high()) : low);
         case BISECTED -> search.low() == 0 ? String.format(Locale.ROOT, "stopped: %spool %d, the smallest pool, is "
               + "already within 95%% of the best: there is nothing below it to bisect", search.jumpedFrom() == 0
               ? "throughput stopped rising by more than 5% when doubled, and " : jumped, search.high())
               : String.format(Locale.ROOT, "stopped: %sbisecting ended between pool %d (below 95%% of the"
               + " best%s) and pool %d (within it)", search.jumpedFrom() == 0 ? "throughput stopped rising by more"
               + " than 5% when doubled, and " : jumped, search.low(), low.isEmpty() ? "" : ": " + low, search.high());
         case SATURATED -> String.format(Locale.ROOT, "stopped: the database was saturated at pool %d, one step of"
               + " which measured below 95%% of pool %d; past the saturation point more connections only queue inside"
               + " the database, so there is nothing to bisect, and settling measures both again", search.low(),
               search.high());
         case FAILED -> String.format(Locale.ROOT, "stopped: pool %d could not be measured (failures or no"
               + " operation)", search.high());
      };
   }

   private static String joined(List<Integer> pools) {
      return pools.stream().map(String::valueOf).collect(Collectors.joining(", "));
   }
}
