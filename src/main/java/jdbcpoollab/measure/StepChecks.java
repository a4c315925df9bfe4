package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;

/**
 * What a closed-loop step's window did not see end, and whether its numbers can be taken at their word: the
 * operations still open at the close, the acquire waits counting them, Little's law as a check, each user's longest
 * wait, how often a request for a connection was overtaken, and whether throughput drifted over the window.
 *
 * @param openAtClose          the operations in progress when the window closed
 * @param acquireWithOpen      the acquire waits of the window with each wait still open at the close counted at its
 *                             age (a lower bound: censored), and each operation in the database at the close counted
 *                             with the wait it had; its percentiles are therefore lower bounds too
 * @param littleRatio          throughput x (R + Z) / users, with R the mean time per operation counting the open
 *                             operations' ages and Z the mean think time: near 1 for a closed loop whose every
 *                             moment was measured; NaN when not known
 * @param littleRatioCompleted the same with the completed operations alone
 * @param longestWait          each user's longest wait (open or not), across the users
 * @param overtaken            share of the window's successful acquires that were overtaken: a request for a
 *                             connection made later was served before it; NaN when not known
 * @param drift                throughput of the window's last third against its first, minus 1; NaN when not known
 * @param steady               false when the drift is over {@value #DRIFT} and more than the counts' noise; null when
 *                             not judged
 * @param startingAtOpening    the users that had not started their first operation when the window opened (still
 *                             starting: their time before they started is in no operation, and Little's ratio is low
 *                             for it without any wait); null when not counted
 */
public record StepChecks(OpenAtClose openAtClose, Timing acquireWithOpen,
                         @Decimals(3)
                         @JsonDeserialize(using = Rounded.NanWhenNull.class) double littleRatio,
                         @Decimals(3)
                         @JsonDeserialize(using = Rounded.NanWhenNull.class) double littleRatioCompleted,
                         UserWaits longestWait,
                         @Decimals(3)
                         @JsonDeserialize(using = Rounded.NanWhenNull.class) double overtaken,
                         @Decimals(3)
                         @JsonDeserialize(using = Rounded.NanWhenNull.class) double drift,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Boolean steady,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer startingAtOpening) {
   /** Below this Little's-law ratio a step's acquire numbers miss too much of its users' time to be complete. */
   public static final double LITTLE_LOW = 0.8;
   /** Over this relative change of throughput between the window's first and last third a step is not steady. */
   public static final double DRIFT = 0.10;
   /** Not measured: a step of an open model, or read back from a summary written before the lab measured it. */
   public static final StepChecks NONE = new StepChecks(OpenAtClose.NONE, Timing.EMPTY, Double.NaN, Double.NaN,
         UserWaits.NONE, Double.NaN, Double.NaN, null);

   /** Parts an older summary did not record read back as unknown. */
   public StepChecks {
      openAtClose = openAtClose == null ? OpenAtClose.NONE : openAtClose;
      acquireWithOpen = acquireWithOpen == null ? Timing.EMPTY : acquireWithOpen;
      longestWait = longestWait == null ? UserWaits.NONE : longestWait;
   }

   /** Checks without the users still starting at the opening: an open model's, or a test's. */
   public StepChecks(OpenAtClose openAtClose, Timing acquireWithOpen, double littleRatio, double littleRatioCompleted,
                     UserWaits longestWait, double overtaken, double drift, Boolean steady) {
      this(openAtClose, acquireWithOpen, littleRatio, littleRatioCompleted, longestWait, overtaken, drift, steady,
            null);
   }

   /** True when some users had not started their first operation when the window opened. */
   public boolean usersStarting() {
      return startingAtOpening != null && startingAtOpening > 0;
   }

   /**
    * Whether the window's throughput trended: its last third against its first by more than {@value #DRIFT}, and
    * by more than twice the noise of the counts (the square root of their sum), so that a short window of few
    * operations is not flagged for its noise alone.
    */
   public static boolean steady(long firstThird, long lastThird) {
      long change = Math.abs(lastThird - firstThird);
      return change <= DRIFT * Math.max(firstThird, lastThird) || change <= 2 * Math.sqrt(firstThird + lastThird);
   }

   /**
    * Little's law as a ratio: {@code throughput} x (R + Z) / {@code users}, with R {@code responseNanos} the mean time
    * per operation and Z {@code thinkNanos} the mean think time; NaN without operations ({@code ok}) or users.
    */
   public static double little(double throughput, long ok, double responseNanos, double thinkNanos, int users) {
      return ok == 0 || users == 0 ? Double.NaN : throughput * (responseNanos + thinkNanos) / 1e9 / users;
   }

   /**
    * These checks as an open-loop step ({@code threads} request threads serving arrivals at the offered
    * {@code rate} a second) has them: Little's law as L = λW, the mean number of requests in progress measured over
    * the window (the completed ones' time in it, from each arrival, and the open ones' ages, summed over the window)
    * against the offered rate times the mean time per request ({@code meanMs}); near 1 when the step carried the
    * load offered, low when arrivals queued unserved or were refused. No user thinks, so L is the closed loop's
    * ratio times the threads. Each thread's longest wait says nothing of a user's: left out.
    */
   public StepChecks openLoop(int threads, double rate, double meanMs) {
      double offered = rate * meanMs / 1000;
      double measured = littleRatio * threads;
      double completed = littleRatioCompleted * threads;
      return new StepChecks(openAtClose, acquireWithOpen, offered > 0 ? measured / offered : Double.NaN,
            offered > 0 ? completed / offered : Double.NaN, UserWaits.NONE, overtaken, drift, steady);
   }

   /** Last third against first, minus 1; NaN without operations in the first third. */
   public static double drift(long firstThird, long lastThird) {
      return firstThird > 0 ? (double) lastThird / firstThird - 1 : Double.NaN;
   }

   /** True when the step was judged and its throughput drifted. */
   public boolean notSteady() {
      return Boolean.FALSE.equals(steady);
   }

   /**
    * True when Little's law, the open operations counted, still misses more than a fifth of the users' time: the
    * step's acquire numbers are incomplete.
    */
   public boolean littleLow() {
      return littleRatio < LITTLE_LOW;
   }

   /**
    * The oldest wait for a connection still open at the close, whole (its time before the window included), in ms;
    * 0 when none was. Shown beside the censored P99, which need not reach it: one wait that old among a hundred
    * others moves the maximum of {@link #acquireWithOpen()}, not its P99.
    */
   @JsonProperty(value = "oldestOpenMs", access = JsonProperty.Access.READ_ONLY)
   public double oldestOpenMs() {
      return Rounded.to(openAtClose.oldestWaitMs(), 3);
   }

   /** True when some wait for a connection was still open at the close. */
   public boolean openWaits() {
      return openAtClose.waiting() > 0;
   }
}
