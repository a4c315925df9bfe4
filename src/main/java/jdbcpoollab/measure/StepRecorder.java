package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Records the operations of one step. The step's clock starts with its first operation; the first
 * {@code warmupNanos} are not measured, the next {@code windowNanos} are. An operation belongs to the window when it
 * completes inside it, so throughput is completed operations / window length.
 * Thread-safe and wait-free for the recording threads.
 */
public final class StepRecorder {
   private static final long UNSET = Long.MIN_VALUE;
   private static final int DIGITS = 3;

   private final StepId id;
   private final int users;
   private final long warmupNanos;
   private final long windowNanos;

   private final AtomicLong firstStart = new AtomicLong(UNSET);
   private volatile long stoppedAt = UNSET;
   private final Recorder acquire = new Recorder(DIGITS);
   private final Recorder query = new Recorder(DIGITS);
   private final Recorder total = new Recorder(DIGITS);
   private final LongAdder ok = new LongAdder();
   private final LongAdder ko = new LongAdder();
   private final LongAdder koOutside = new LongAdder();
   private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
   private final Map<Long, User> perUser = new ConcurrentHashMap<>();
   private final Recorder gaps = new Recorder(DIGITS);
   private final Histogram gapsSoFar = new Histogram(DIGITS);
   private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

   /** The operations of one kind in a mixed step. */
   private static final class Kind {
      final Recorder acquire = new Recorder(DIGITS);
      final Recorder query = new Recorder(DIGITS);
      final Recorder total = new Recorder(DIGITS);
      final LongAdder ok = new LongAdder();
      final LongAdder ko = new LongAdder();
   }
   private final Recorder intervalAcquire = new Recorder(DIGITS);
   /** Operations completed in each third of the window, for the drift check. */
   private final LongAdder[] thirds = {new LongAdder(), new LongAdder(), new LongAdder()};
   /** The latest start among the requests for a connection served so far: a request that started earlier than it
    * and is served now was overtaken. */
   private final AtomicLong latestServedStart = new AtomicLong(UNSET);
   private final LongAdder overtaken = new LongAdder();
   private final LongAdder thinkNanos = new LongAdder();
   private final LongAdder thinks = new LongAdder();
   private final LongAdder intervalOk = new LongAdder();
   private volatile Long serverConnections;

   /**
    * One user's state in this step, held by the thread that runs the user so that an operation needs no look-up.
    * Written by that thread alone; read when the step's result is made.
    */
   public static final class User {
      private volatile long ok;
      private volatile boolean listed;
      private long lastEnd = UNSET;
      /** When the user's current (or last) operation started, got its connection and ended: what is open when. */
      private volatile long started = UNSET;
      private volatile long acquired = UNSET;
      private volatile long ended = UNSET;
      /** The longest acquire wait among the user's operations that ended in the window. */
      private volatile long longestWait;
      private boolean overtaken;

      private User() {
      }
   }

   public StepRecorder(StepId id, int users, long warmupNanos, long windowNanos) {
      this.id = id;
      this.users = users;
      this.warmupNanos = warmupNanos;
      this.windowNanos = windowNanos;
   }

   /**
    * Called as an operation starts: starts the step's clock on the first one and counts the user in. The time since
    * the user's previous operation ended, when that end was inside the window, is the harness's share of the loop.
    */
   public void begin(long userId, long nowNanos) {
      begin(user(userId), nowNanos);
   }

   /** The state of user {@code userId}, for the thread that runs it; the same object for the same id. */
   public User user(long userId) {
      return perUser.computeIfAbsent(userId, id -> new User());
   }

   /** As {@link #begin(long, long)}, for a user whose state the caller holds. */
   public void begin(User user, long nowNanos) {
      if (firstStart.get() == UNSET) {
         firstStart.compareAndSet(UNSET, nowNanos);
      }
      if (!user.listed) {
         user.listed = true;
      }
      user.started = nowNanos;
      user.overtaken = false;
      long previousEnd = user.lastEnd;
      if (previousEnd != UNSET && inWindow(previousEnd)) {
         gaps.recordValue(Math.max(0, nowNanos - previousEnd));
      }
   }

   /**
    * Called as the user's operation got its connection: from now on it is in the database. A request that started
    * earlier than one already served was overtaken.
    */
   public void acquired(User user, long nowNanos) {
      user.acquired = nowNanos;
      long start = user.started;
      long latest = latestServedStart.get();
      if (latest > start) {
         user.overtaken = true;
         return;
      }
      while (latest < start && !latestServedStart.compareAndSet(latest, start)) {
         latest = latestServedStart.get();
      }
   }

   /** Starts the step's clock at {@code nowNanos} unless it runs: an open model starts it at the first arrival. */
   public void start(long nowNanos) {
      firstStart.compareAndSet(UNSET, nowNanos);
   }

   /** True until the window has closed or the step was stopped; users loop while it holds. */
   public boolean running(long nowNanos) {
      if (stoppedAt != UNSET) {
         return false;
      }
      long start = firstStart.get();
      return start == UNSET || nowNanos - start < warmupNanos + windowNanos;
   }

   /** Ends the step early, for instance when its pool could not be opened. */
   public void stop(long nowNanos) {
      if (stoppedAt == UNSET) {
         stoppedAt = nowNanos;
      }
   }

   /**
    * @param error normalised failure message, or null for success
    * @return true if the operation completed inside the measured window
    */
   public boolean record(long userId, long acquireNanos, long queryNanos, long totalNanos, long endNanos,
                         String error) {
      return record(user(userId), acquireNanos, queryNanos, totalNanos, endNanos, error);
   }

   /** As {@link #record(long, long, long, long, long, String)}, for a user whose state the caller holds. */
   public boolean record(User user, long acquireNanos, long queryNanos, long totalNanos, long endNanos,
                         String error) {
      user.lastEnd = endNanos;
      user.ended = endNanos;
      boolean inWindow = inWindow(endNanos);
      if (!inWindow) {
         if (error != null) {
            koOutside.increment();
            errors.computeIfAbsent(error, e -> new LongAdder()).increment();
         }
         return false;
      }
      acquire.recordValue(Math.max(0, acquireNanos));
      intervalAcquire.recordValue(Math.max(0, acquireNanos));
      if (acquireNanos > user.longestWait) {
         user.longestWait = acquireNanos;
      }
      if (error == null) {
         ok.increment();
         intervalOk.increment();
         thirds[third(endNanos)].increment();
         if (user.overtaken) {
            overtaken.increment();
         }
         query.recordValue(Math.max(0, queryNanos));
         total.recordValue(Math.max(0, totalNanos));
         if (!user.listed) {
            user.listed = true;
         }
         user.ok++;
      } else {
         ko.increment();
         errors.computeIfAbsent(error, e -> new LongAdder()).increment();
      }
      return true;
   }

   /**
    * As {@link #record(long, long, long, long, long, String)}, for an operation of one kind of a mixed step: also
    * counted and timed under its kind.
    */
   public boolean record(long userId, String kind, long acquireNanos, long queryNanos, long totalNanos, long endNanos,
                         String error) {
      return record(user(userId), kind, acquireNanos, queryNanos, totalNanos, endNanos, error);
   }

   /** As {@link #record(long, String, long, long, long, long, String)}, for a user whose state the caller holds. */
   public boolean record(User user, String kind, long acquireNanos, long queryNanos, long totalNanos, long endNanos,
                         String error) {
      boolean inWindow = record(user, acquireNanos, queryNanos, totalNanos, endNanos, error);
      if (inWindow) {
         Kind k = kinds.computeIfAbsent(kind, name -> new Kind());
         k.acquire.recordValue(Math.max(0, acquireNanos));
         if (error == null) {
            k.ok.increment();
            k.query.recordValue(Math.max(0, queryNanos));
            k.total.recordValue(Math.max(0, totalNanos));
         } else {
            k.ko.increment();
         }
      }
      return inWindow;
   }

   /**
    * One statement of an operation of several that ended inside the window ({@code kind} names the request and the
    * statement): counted and timed as a kind of its own, without an acquire wait, and not as an operation.
    */
   public void recordStatement(String kind, long nanos, String error) {
      Kind k = kinds.computeIfAbsent(kind, name -> new Kind());
      if (error == null) {
         k.ok.increment();
         k.query.recordValue(Math.max(0, nanos));
         k.total.recordValue(Math.max(0, nanos));
      } else {
         k.ko.increment();
      }
   }

   /**
    * The user thought for {@code nanos} after its last operation: that time is the user's, not the harness's share
    * of the loop ({@link #gaps()}).
    */
   public void thought(User user, long nanos) {
      if (user.lastEnd != UNSET) {
         if (inWindow(user.lastEnd)) {
            thinkNanos.add(nanos);
            thinks.increment();
         }
         user.lastEnd += nanos;
      }
   }

   /** Nanoseconds until the window closes, 0 once it has or the step was stopped; the longest a user may think. */
   public long nanosLeft(long nowNanos) {
      long start = firstStart.get();
      if (stoppedAt != UNSET) {
         return 0;
      }
      return start == UNSET ? Long.MAX_VALUE : Math.max(0, start + warmupNanos + windowNanos - nowNanos);
   }

   /** Each kind's share of the window, by name; empty for a step of one kind. Call once, at the end. */
   public Map<String, KindResult> kinds() {
      Map<String, KindResult> results = new TreeMap<>();
      kinds.forEach((name, k) -> results.put(name, new KindResult(name, k.ok.sum(), k.ko.sum(),
            Timing.of(snapshot(k.acquire)), Timing.of(snapshot(k.query)), Timing.of(snapshot(k.total)))));
      return results;
   }

   /** Which third of the planned window {@code nanos}, inside the window, falls in. */
   private int third(long nanos) {
      long from = firstStart.get() + warmupNanos;
      return (int) Math.min(2, Math.max(0, (nanos - from) * 3 / windowNanos));
   }

   public boolean inWindow(long nanos) {
      long start = firstStart.get();
      if (start == UNSET) {
         return false;
      }
      long from = start + warmupNanos;
      long to = Math.min(from + windowNanos, stoppedAt == UNSET ? Long.MAX_VALUE : stoppedAt);
      return nanos >= from && nanos <= to;
   }

   /** Which step this recorder records. */
   public StepId id() {
      return id;
   }

   /** The connections the server accepted over the step, as read once its users have left. */
   public void serverConnections(long connections) {
      serverConnections = connections;
   }

   /** When the measured window opens (the first operation plus the warm-up), or empty before the first one. */
   public OptionalLong windowStart() {
      long start = firstStart.get();
      return start == UNSET ? OptionalLong.empty() : OptionalLong.of(start + warmupNanos);
   }

   /**
    * What happened in the window since the previous call: operations completed and the acquire waits recorded. For
    * one sampling thread at a time.
    */
   public Interval interval() {
      long done = intervalOk.sumThenReset();
      Histogram waits = intervalAcquire.getIntervalHistogram();
      return new Interval(done, waits.getTotalCount() == 0 ? Double.NaN : Timing.ms(waits.getValueAtPercentile(99)));
   }

   /** One sampling interval: operations completed and the P99 of the acquire waits in ms (NaN without any). */
   public record Interval(long completed, double acquireP99Ms) {
   }

   /** The step's numbers, without what the database and the client's CPU did. */
   public StepResult result(long nowNanos) {
      return result(nowNanos, DatabaseActivity.NONE, null);
   }

   /**
    * The step's numbers. Call once, after all its operations have ended.
    *
    * @param nowNanos  the time the step ended, which bounds the window; the step is complete unless it was stopped
    *                  before its window's planned end
    * @param database  what the database server did during the window
    * @param cpu       what the load generator's JVM used of the machine during the window, or null when not watched
    */
   public StepResult result(long nowNanos, DatabaseActivity database, WindowCpu cpu) {
      long start = firstStart.get();
      double seconds = 0;
      boolean complete = false;
      long end = UNSET;
      if (start != UNSET) {
         long from = start + warmupNanos;
         long planned = from + windowNanos;
         end = Math.min(planned, stoppedAt == UNSET ? nowNanos : Math.min(stoppedAt, nowNanos));
         seconds = Math.max(0, end - from) / 1e9;
         // incomplete means cut short: a step whose load ended on its own a little early measured what it had
         complete = stoppedAt == UNSET || stoppedAt >= planned;
      }
      long okCount = ok.sum();
      Histogram waits = snapshot(acquire);
      Histogram totals = snapshot(total);
      Map<String, Long> errorCounts = new TreeMap<>();
      errors.forEach((message, count) -> errorCounts.put(message, count.sum()));
      long[] counts = perUser.values().stream().filter(u -> u.listed).mapToLong(u -> u.ok).toArray();
      Histogram between = gaps();
      double throughput = seconds > 0 ? okCount / seconds : 0;
      return new StepResult(id, users, seconds, okCount, ko.sum(), koOutside.sum(), throughput,
            Timing.of(waits), Timing.of(snapshot(query)), Timing.of(totals),
            UserSpread.of(counts), errorCounts, complete, serverConnections,
            between.getTotalCount() == 0 ? Double.NaN : Timing.ms(between.getMean()), database,
            cpu == null ? ClientCpu.UNKNOWN : cpu.clientCpu(okCount),
            end == UNSET ? StepChecks.NONE : checks(end, waits, totals, throughput, complete));
   }

   /**
    * What the window did not see end, at its close {@code close}: each user's operation then in progress (the last
    * one it started, since a closed loop starts none after the close) aged to the close, and what that does to the
    * acquire waits, Little's law and each user's longest wait.
    */
   private StepChecks checks(long close, Histogram waits, Histogram totals, double throughput, boolean complete) {
      Histogram withOpen = waits.copy();
      List<Long> longest = new ArrayList<>();
      long open = 0;
      long waiting = 0;
      long oldest = 0;
      long oldestWait = 0;
      double openNanos = 0;
      for (User u : perUser.values()) {
         if (!u.listed) {
            continue;
         }
         long longestOfUser = u.longestWait;
         long started = u.started;
         long ended = u.ended;
         if (started != UNSET && started <= close && (ended == UNSET || ended < started || ended > close)) {
            long age = close - started;
            long acquiredAt = u.acquired;
            boolean inDatabase = acquiredAt >= started && acquiredAt <= close;
            long wait = inDatabase ? acquiredAt - started : age;
            if (!inDatabase || inWindow(acquiredAt)) {
               withOpen.recordValue(wait);
            }
            longestOfUser = Math.max(longestOfUser, wait);
            open++;
            openNanos += age;
            oldest = Math.max(oldest, age);
            if (!inDatabase) {
               waiting++;
               oldestWait = Math.max(oldestWait, age);
            }
         }
         longest.add(longestOfUser);
      }
      long okCount = totals.getTotalCount();
      long thought = thinks.sum();
      double thinkMean = thought == 0 ? 0 : (double) thinkNanos.sum() / thought;
      double completedNanos = totals.getMean() * okCount;
      double little = okCount == 0 || users == 0 ? Double.NaN
            : throughput * ((completedNanos + openNanos) / okCount + thinkMean) / 1e9 / users;
      double littleCompleted = okCount == 0 || users == 0 ? Double.NaN
            : throughput * (totals.getMean() + thinkMean) / 1e9 / users;
      long first = thirds[0].sum();
      long last = thirds[2].sum();
      return new StepChecks(new OpenAtClose(open, Timing.ms(oldest), waiting, open - waiting, Timing.ms(oldestWait)),
            Timing.of(withOpen), little, littleCompleted,
            UserWaits.of(longest.stream().mapToLong(Long::longValue).toArray()),
            okCount == 0 ? Double.NaN : (double) overtaken.sum() / okCount,
            complete ? StepChecks.drift(first, last) : Double.NaN,
            complete && first + last > 0 ? StepChecks.steady(first, last) : null);
   }

   /**
    * Nanoseconds each user spent between the end of one operation and the start of its next one, for operations
    * that ended inside the window: the loop's own cost, outside acquire, query and release. Call at the end.
    */
   public synchronized Histogram gaps() {
      gapsSoFar.add(snapshot(gaps));
      return gapsSoFar.copy();
   }

   private static Histogram snapshot(Recorder recorder) {
      return recorder.getIntervalHistogram();
   }
}
