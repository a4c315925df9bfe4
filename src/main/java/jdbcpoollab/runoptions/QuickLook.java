package jdbcpoollab.runoptions;

import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code -Dquick=true}: a first answer in under a minute of wall time on a 2-core machine, Maven included. It skips
 * the JVM's warm-up and settling, measures pools 1, 4, 16 and 64 only, each with a short warm-up and window; an
 * option given still wins over its choice. Its answer is provisional, and says what it skipped.
 *
 * @param on      {@code -Dquick=true}
 * @param skipped what it left out or shortened, in words, in the order said; empty when off (or when every option it
 *                would choose was given)
 */
public record QuickLook(boolean on, List<String> skipped) {
   /** Off: every option its own default. */
   public static final QuickLook OFF = new QuickLook(false, List.of());
   /** The pools it measures unless {@code -Dpools} is given: the default's every other size. */
   static final String POOLS = "1,4,16,64";
   /** Its window per step, in s, unless {@code -Dseconds} is given. */
   static final double SECONDS = 2;
   /** Its warm-up per step, in s, unless {@code -Dwarmup} is given. */
   static final double WARMUP = 0.5;

   public QuickLook {
      skipped = List.copyOf(skipped);
   }

   /** {@code -Dquick} as a simulation taking {@code takes} reads it, with what it skips of what is not given. */
   static QuickLook of(Options o, CommonOptions.Takes takes) {
      if (!Boolean.parseBoolean(o.read(Declared.QUICK))) {
         return OFF;
      }
      List<String> skipped = new ArrayList<>();
      if (!JvmWarmupLimits.given(o)) {
         skipped.add("no JVM warm-up");
      }
      if (o.given(Declared.SETTLE_SECONDS) == null) {
         skipped.add("no settling");
      }
      if (!CommonOptions.poolsGiven(o)) {
         List<Integer> quick = pools(POOLS);
         List<Integer> left = takes.pools().stream().filter(p -> !quick.contains(p)).toList();
         skipped.add("pools " + joined(quick) + " only" + (left.isEmpty() ? "" : " (not " + joined(left) + ")"));
      }
      boolean seconds = o.given(Declared.SECONDS) == null;
      boolean warmup = o.given(Declared.WARMUP) == null;
      if (seconds || warmup) {
         skipped.add((warmup ? NumberText.trimmed(WARMUP) + " s warm-up" : "") + (seconds && warmup ? " and " : "")
               + (seconds ? NumberText.trimmed(SECONDS) + " s window" : "") + " per step");
      }
      return new QuickLook(true, skipped);
   }

   /** The shared options as a quick look takes them: its pools, warm-up and window unless given. */
   CommonOptions.Takes takes(CommonOptions.Takes takes) {
      return on ? takes.withPools(POOLS).withWindow(SECONDS, WARMUP) : takes;
   }

   /** {@code option}, whose default a quick look turns to 0 ({@code -DjvmWarmup}, {@code -Dsettle.seconds}). */
   Option<Double> off(Option<Double> option) {
      return on ? option.withDefault(0.0) : option;
   }

   /** What the settings record of a quick look: what it skipped, under {@code quick}. */
   void describe(Map<String, Object> settings) {
      if (on) {
         settings.put("quick", skipped);
      }
   }

   /**
    * Why a quick look's answer is provisional, in one sentence for the console's first line, summary.md, the page and
    * each answer in summary.json; null when off.
    */
   public String provisional() {
      if (!on) {
         return null;
      }
      return "a quick look (-Dquick=true)" + (skipped.isEmpty() ? "" : ": " + String.join(", ", skipped))
            + "; its answer is provisional: run without -Dquick for a settled one";
   }

   private static List<Integer> pools(String sizes) {
      return List.of(sizes.split(",")).stream().map(Integer::valueOf).toList();
   }

   private static String joined(List<Integer> pools) {
      return pools.stream().map(String::valueOf).collect(Collectors.joining(", "));
   }
}
