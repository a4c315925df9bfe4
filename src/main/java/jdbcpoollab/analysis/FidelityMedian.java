package jdbcpoollab.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import static jdbcpoollab.analysis.FidelityRow.us;

/**
 * One workload at one pool size of the fidelity benchmark over its rounds: each number is the median of the rounds
 * that measured it (the acquire-wait tail is noisy from one run to the next, even for plain threads alone), and the
 * targets are checked on those medians.
 */
public record FidelityMedian(String workload, int pool, int users, List<FidelityRow> rounds) {
   public static final double LAB_RAW_MIN = 0.97;
   public static final double P99_WITHIN = 0.25;
   public static final double JAIN_WITHIN = 0.02;
   public static final int TAIL_POOLS_UP_TO = 16;
   public static final double EFFICIENCY_MIN = 0.95;
   public static final double OVERHEAD_P50_MAX_US = 10;
   /** The workload whose operation is a sleep in the server, against whose Little's-law ceiling the lab must reach. */
   public static final String SLEEPING = "wait";

   public FidelityMedian {
      rounds = List.copyOf(rounds);
   }

   /** The rows grouped by workload and pool size, in the order of their first rounds. */
   public static List<FidelityMedian> of(List<FidelityRow> rows) {
      Map<String, List<FidelityRow>> groups = new LinkedHashMap<>();
      rows.forEach(r -> groups.computeIfAbsent(r.workload() + " " + r.pool(), k -> new ArrayList<>()).add(r));
      return groups.values().stream()
            .map(g -> new FidelityMedian(g.get(0).workload(), g.get(0).pool(), g.get(0).users(), g)).toList();
   }

   /** The median of {@code f} over the rounds where it is a number (finite and, for rates, measured). */
   private double median(ToDoubleFunction<FidelityRow> f) {
      double[] values = rounds.stream().mapToDouble(f).filter(Double::isFinite).sorted().toArray();
      if (values.length == 0) {
         return Double.NaN;
      }
      int mid = values.length / 2;
      return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
   }

   private double measured(ToDoubleFunction<FidelityRow> f) {
      return median(r -> {
         double v = f.applyAsDouble(r);
         return v > 0 ? v : Double.NaN;
      });
   }

   public double s1Ms() {
      return measured(FidelityRow::s1Ms);
   }

   public double ceiling() {
      return s1Ms() > 0 ? Capacity.ceiling(pool, users, s1Ms()) : Double.NaN;
   }

   public double lab() {
      return median(r -> r.lab().counts().throughput());
   }

   public double raw() {
      return median(r -> r.raw().counts().throughput());
   }

   public double plugin() {
      return measured(FidelityRow::pluginThroughput);
   }

   public double labOverRaw() {
      return median(FidelityRow::labOverRaw);
   }

   /** The lowest of the rounds' lab/raw ratios. */
   public double labOverRawLow() {
      return low(FidelityRow::labOverRaw);
   }

   /** The highest of the rounds' lab/raw ratios. */
   public double labOverRawHigh() {
      return high(FidelityRow::labOverRaw);
   }

   /** The reference against itself, its second run over its first: the machine's own ratio; NaN without twins. */
   public double twinOverRaw() {
      return median(FidelityRow::twinOverRaw);
   }

   public double twinOverRawLow() {
      return low(FidelityRow::twinOverRaw);
   }

   public double twinOverRawHigh() {
      return high(FidelityRow::twinOverRaw);
   }

   private double low(ToDoubleFunction<FidelityRow> f) {
      return rounds.stream().mapToDouble(f).filter(Double::isFinite).min().orElse(Double.NaN);
   }

   private double high(ToDoubleFunction<FidelityRow> f) {
      return rounds.stream().mapToDouble(f).filter(Double::isFinite).max().orElse(Double.NaN);
   }

   public double labOverPlugin() {
      return ratio(lab(), plugin());
   }

   public double efficiency() {
      return ratio(lab(), ceiling());
   }

   public double labAcquireP99() {
      return median(r -> r.lab().times().acquire().p99());
   }

   public double rawAcquireP99() {
      return median(r -> r.raw().times().acquire().p99());
   }

   /** The lab's P99 acquire wait against the plain threads', medians of the rounds. */
   public double acquireP99Ratio() {
      return ratio(labAcquireP99(), rawAcquireP99());
   }

   public double labJain() {
      return median(r -> r.lab().outcome().perUser().jain());
   }

   public double rawJain() {
      return median(r -> r.raw().outcome().perUser().jain());
   }

   public double overheadP50Us() {
      return us(median(r -> r.labGaps().p50()));
   }

   public double overheadP99Us() {
      return us(median(r -> r.labGaps().p99()));
   }

   public double rawGapP50Us() {
      return us(median(r -> r.rawGaps().p50()));
   }

   public double returnsOverOk() {
      return median(FidelityRow::returnsOverOk);
   }

   public FidelityRow.Cpu cpu() {
      return new FidelityRow.Cpu(median(r -> r.cpu().lab()), median(r -> r.cpu().raw()),
            median(r -> r.cpu().plugin()), median(r -> r.cpu().rawThreads()));
   }

   /** The lab's extra client CPU µs per operation against the reference: the median of the rounds' differences. */
   public double extraCpuUs() {
      return median(FidelityRow::labExtraCpuUs);
   }

   /** The lab's extra wall µs per operation against the reference: the median of the rounds' differences. */
   public double extraWallUs() {
      return median(FidelityRow::labExtraWallUs);
   }

   /** True when users wait for connections at all: pools smaller than the users, up to 16. */
   private boolean tailJudged() {
      return pool <= TAIL_POOLS_UP_TO && pool < users;
   }

   /** The targets this workload and pool size miss, each named with its measured value; empty when all are met. */
   public List<String> missed() {
      List<String> missed = new ArrayList<>();
      if (!(labOverRaw() >= LAB_RAW_MIN)) {
         missed.add(String.format(Locale.ROOT, "lab/raw %.3f < %.2f", labOverRaw(), LAB_RAW_MIN) + shortOf());
      }
      if (tailJudged() && !(Math.abs(acquireP99Ratio() - 1) <= P99_WITHIN)) {
         missed.add(String.format(Locale.ROOT, "acquire p99 lab/raw %.2f outside 1 ± %.2f", acquireP99Ratio(),
               P99_WITHIN));
      }
      if (tailJudged() && !(Math.abs(labJain() - rawJain()) <= JAIN_WITHIN)) {
         missed.add(String.format(Locale.ROOT, "Jain lab - raw %+.3f outside ± %.2f", labJain() - rawJain(),
               JAIN_WITHIN));
      }
      if (workload.equals(SLEEPING) && pool <= TAIL_POOLS_UP_TO && !(efficiency() >= EFFICIENCY_MIN)) {
         missed.add(String.format(Locale.ROOT, "efficiency %.3f < %.2f", efficiency(), EFFICIENCY_MIN));
      }
      if (!(overheadP50Us() <= OVERHEAD_P50_MAX_US)) {
         missed.add(String.format(Locale.ROOT, "overhead p50 %.1f µs > %.0f µs", overheadP50Us(),
               OVERHEAD_P50_MAX_US));
      }
      return missed;
   }

   /**
    * Whether the median's miss holds: in every round of several (the chance that all of five fall below a median
    * of the lab's that is truly above the target is 1 in 32), or only in some, whose spread is then the machine's
    * as much as the lab's; and, where the twin ran, how far the reference fell from itself.
    */
   private String shortOf() {
      if (rounds.size() < 2 || !Double.isFinite(labOverRawHigh())) {
         return "";
      }
      String spread = String.format(Locale.ROOT, "%.3f to %.3f", labOverRawLow(), labOverRawHigh());
      return (labOverRawHigh() < LAB_RAW_MIN ? " in every round (" + spread + ")"
            : " in the median only (rounds " + spread + ")") + againstTwin();
   }

   /**
    * The reference's ratio to itself beside a lab/raw ratio short of the target: a median the reference also falls
    * to against itself (its lowest round at or below the lab's median) is within the machine's noise, one below
    * every round of the reference's is beyond it.
    */
   private String againstTwin() {
      if (!Double.isFinite(twinOverRawLow())) {
         return "";
      }
      return String.format(Locale.ROOT, "; %s the machine's noise: the reference against itself gave %.3f (rounds %.3f"
            + " to %.3f)", twinOverRawLow() <= labOverRaw() ? "within" : "beyond", twinOverRaw(), twinOverRawLow(),
            twinOverRawHigh());
   }

   private static double ratio(double a, double b) {
      return b > 0 ? a / b : Double.NaN;
   }

   /**
    * One workload and pool size as summary.json holds it under {@code fidelity} (docs/fidelity.md): the medians of
    * the rounds, the targets missed and each round ({@code perRound}); {@code twinOverRaw} only where the twin ran.
    */
   public record Written(String workload, int pool, int users, int rounds, @Decimals(4) double s1Ms,
                         @Decimals(1) double ceiling, @Decimals(1) double lab, @Decimals(1) double raw,
                         @Decimals(1) double plugin, @Decimals(4) double labOverRaw,
                         @JsonInclude(JsonInclude.Include.NON_NULL) @Decimals(4) Double twinOverRaw,
                         @Decimals(4) double labOverPlugin,
                         @Decimals(4) double efficiency, FidelityRow.AcquireP99 acquireP99Ms,
                         @Decimals(4) double acquireP99Ratio, FidelityRow.Jain jain, @Decimals(1) double overheadP50Us,
                         @Decimals(1) double overheadP99Us, @Decimals(1) double rawGapP50Us,
                         @Decimals(4) double returnsOverOk, FidelityRow.Cpu cpuMicrosPerOp,
                         FidelityRow.Overhead labOverheadPerOp, boolean complete, List<String> missed,
                         List<FidelityRow.Written> perRound) {
   }

   public Written written() {
      return new Written(workload, pool, users, rounds.size(), s1Ms(), ceiling(), lab(), raw(), plugin(), labOverRaw(),
            Double.isFinite(twinOverRaw()) ? twinOverRaw() : null, labOverPlugin(), efficiency(),
            new FidelityRow.AcquireP99(labAcquireP99(), rawAcquireP99()), acquireP99Ratio(),
            new FidelityRow.Jain(labJain(), rawJain()), overheadP50Us(), overheadP99Us(),
            rawGapP50Us(), returnsOverOk(), cpu(), new FidelityRow.Overhead(extraCpuUs(), extraWallUs()),
            rounds.stream().allMatch(FidelityRow::complete), missed(),
            rounds.stream().map(FidelityRow::written).toList());
   }

   /** {@link #written} as summary.json holds it. */
   public Map<String, Object> toMap() {
      return Json.toMap(written());
   }
}
