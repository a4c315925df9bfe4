package jdbcpoollab.measure;

import jdbcpoollab.db.ServerProcess;
import jdbcpoollab.measure.StepUsers.User;
import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static jdbcpoollab.measure.StepUsers.UNSET;

/**
 * Records the operations of one step. The step's clock starts with its first operation; the first
 * {@code warmupNanos} are not measured, the next {@code windowNanos} are. An operation belongs to the window when it
 * completes inside it, so throughput is completed operations / window length.
 * Thread-safe. Each user's operations are recorded in its own buffer and merged into the step's histograms when they
 * are read ({@link StepTotals}): a recording thread writes nothing per operation that another user's writes too but
 * the latest start served ({@link StepUsers#acquired}), and waits for none unless its buffer is full.
 */
public final class StepRecorder implements Window {
   /** How late a watcher of the window may see a stop; the planned edges it sees on time. */
   static final long STOP_SEEN_NANOS = 50_000_000;

   private final StepId id;
   private final int userCount;
   private final long warmupNanos;
   private final long windowNanos;

   private final AtomicLong firstStart = new AtomicLong(UNSET);
   private volatile long stoppedAt = UNSET;
   private final StepTotals totals = new StepTotals();
   private final StepFailures failures = new StepFailures();
   private final StepUsers users = new StepUsers();
   private final BetweenOperations between = new BetweenOperations();
   private final KindRecorder kinds = new KindRecorder();
   private volatile Long serverConnections;
   private volatile StepHistograms histograms;
   private volatile Supplier<ServerProcess> server;
   private volatile Disturbance disturbance;

   public StepRecorder(StepId id, int users, long warmupNanos, long windowNanos) {
      this.id = id;
      this.userCount = users;
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
      return users.user(userId);
   }

   /** As {@link #begin(long, long)}, for a user whose state the caller holds. */
   public void begin(User user, long nowNanos) {
      if (firstStart.get() == UNSET) {
         firstStart.compareAndSet(UNSET, nowNanos);
      }
      if (!user.listed) {
         user.listed = true;
      }
      if (user.first == UNSET) {
         user.first = nowNanos;
      }
      user.started = nowNanos;
      user.overtaken = false;
      long previousEnd = user.lastEnd;
      if (previousEnd != UNSET && inWindow(previousEnd)) {
         totals.gap(user.buffer, Math.max(0, nowNanos - previousEnd));
      }
   }

   /**
    * Called as the user's operation got its connection: from now on it is in the database. A request that started
    * earlier than one already served was overtaken.
    */
   public void acquired(User user, long nowNanos) {
      users.acquired(user, nowNanos);
   }

   /** Starts the step's clock at {@code nowNanos} unless it runs: an open model starts it at the first arrival. */
   public void start(long nowNanos) {
      firstStart.compareAndSet(UNSET, nowNanos);
   }

   /** True until the window has closed or the step was stopped; users loop while it holds. */
   @Override
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
            failures.outside(error);
         }
         return false;
      }
      if (acquireNanos > user.longestWait) {
         user.longestWait = acquireNanos;
      }
      long waited = Math.max(0, acquireNanos);
      if (error == null) {
         users.served(user);
         long took = Math.max(0, totalNanos);
         totals.operation(user.buffer, waited, Math.max(0, queryNanos), took,
               Math.min(took, endNanos - (firstStart.get() + warmupNanos)), third(endNanos));
      } else {
         totals.operation(user.buffer, waited, UserBuffer.NONE, UserBuffer.NONE, 0, 0);
         failures.inWindow(error);
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
         kinds.record(kind, acquireNanos, queryNanos, totalNanos, error);
      }
      return inWindow;
   }

   /**
    * One statement of an operation of several that ended inside the window ({@code kind} names the request and the
    * statement): counted and timed as a kind of its own, without an acquire wait, and not as an operation.
    */
   public void recordStatement(String kind, long nanos, String error) {
      kinds.recordStatement(kind, nanos, error);
   }

   /**
    * The user thought for {@code nanos} after its last operation: that time is the user's, not the harness's share
    * of the loop ({@link #gaps()}).
    */
   public void thought(User user, long nanos) {
      if (user.lastEnd != UNSET) {
         if (inWindow(user.lastEnd)) {
            between.thought(nanos);
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

   /** Each kind's share of the window, by name; empty for a step of one kind. Call at the end. */
   public Map<String, KindResult> kinds() {
      return kinds.results();
   }

   /** Which third of the planned window {@code nanos}, inside the window, falls in. */
   private int third(long nanos) {
      long from = firstStart.get() + warmupNanos;
      return (int) Math.min(2, Math.max(0, (nanos - from) * 3 / windowNanos));
   }

   @Override
   public boolean inWindow(long nanos) {
      long start = firstStart.get();
      if (start == UNSET) {
         return false;
      }
      long from = start + warmupNanos;
      long to = Math.min(from + windowNanos, stoppedAt == UNSET ? Long.MAX_VALUE : stoppedAt);
      return nanos >= from && nanos <= to;
   }

   /** Until the planned edge once the window's start is known, at most {@link #STOP_SEEN_NANOS}: a stop comes early. */
   @Override
   public long quietNanos(long nowNanos) {
      OptionalLong opens = windowStart();
      if (opens.isEmpty()) {
         return POLL_NANOS;
      }
      long from = opens.getAsLong();
      long edge = nowNanos < from ? from : from + windowNanos;
      return Math.max(0, Math.min(edge - nowNanos, STOP_SEEN_NANOS));
   }

   /** Which step this recorder records. */
   public StepId id() {
      return id;
   }

   /** The connections the server accepted over the step, as read once its users have left. */
   public void serverConnections(long connections) {
      serverConnections = connections;
   }

   /** Splits the machine's CPU over the window ({@link MachineCpu}), the server being {@code server}'s process. */
   public void splitMachine(Supplier<ServerProcess> serverProcess, Disturbance verdict) {
      server = serverProcess;
      disturbance = verdict;
   }

   /** Starts watching the window's CPU: this JVM's, and the machine's when told to split it. */
   public WindowCpu watchCpu() {
      Supplier<ServerProcess> s = server;
      return WindowCpu.watch(this, s == null ? null : s.get(), disturbance);
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
      return totals.interval(users.buffers());
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
      Iterable<UserBuffer> buffers = users.buffers();
      long okCount = totals.ok(buffers);
      Latencies all = totals.latencies(buffers);
      Histogram gaps = gaps();
      double throughput = seconds > 0 ? okCount / seconds : 0;
      long from = start == UNSET ? nowNanos : start + warmupNanos;
      histograms = new StepHistograms(id.name(), StepHistograms.epochMs(from),
            StepHistograms.epochMs(Math.max(from, end == UNSET ? nowNanos : end)),
            all, kinds.histograms());
      return new StepResult(id,
            new StepCounts(userCount, end == UNSET ? null : users.startedBy(end), seconds, okCount, failures.ko(),
                  failures.koOutside(), throughput),
            new StepTimes(Timing.of(all.acquire()), Timing.of(all.query()), Timing.of(all.total())),
            new StepOutcome(UserSpread.of(users.okCounts()), failures.counts(), complete),
            new StepResources(serverConnections, gaps.getTotalCount() == 0 ? Double.NaN : Timing.ms(gaps.getMean()),
                  end == UNSET ? null : Timing.ms(between.thinkMeanNanos()), database,
                  cpu == null ? ClientCpu.UNKNOWN : cpu.clientCpu(okCount),
                  cpu == null ? MachineCpu.UNKNOWN : cpu.machine()),
            end == UNSET ? StepChecks.NONE : checks(end, all, throughput, complete), StepRuntime.NONE);
   }

   /** The histograms behind the numbers of {@link #result}, for {@link HistogramLog}; null before it. */
   public StepHistograms histograms() {
      return histograms;
   }

   /**
    * What the window did not see end, at its close {@code close} (the users' operations then in progress), and what
    * that does to the acquire waits, Little's law and each user's longest wait; how often a request was overtaken and
    * whether throughput drifted.
    */
   private StepChecks checks(long close, Latencies all, double throughput, boolean complete) {
      StepUsers.AtClose atClose = users.atClose(close, windowStart().orElse(close), all.acquire(), this::inWindow);
      long okCount = all.total().getTotalCount();
      double thinkMean = between.thinkMeanNanos();
      Iterable<UserBuffer> buffers = users.buffers();
      // Little's law over a window counts the time inside it alone: no operation's time before the window opened
      double completed = (double) totals.okNanosInWindow(buffers) / okCount;
      double withOpen = completed + atClose.openNanos() / okCount;
      double little = StepChecks.little(throughput, okCount, withOpen, thinkMean, userCount);
      double littleCompleted = StepChecks.little(throughput, okCount, completed, thinkMean, userCount);
      return new StepChecks(atClose.open(), Timing.of(atClose.acquireWithOpen()), little, littleCompleted,
            UserWaits.of(atClose.longestWaits()),
            okCount == 0 ? Double.NaN : (double) users.overtaken() / okCount,
            complete ? totals.drift(buffers) : Double.NaN, complete ? totals.steady(buffers) : null,
            Math.max(0, userCount - users.startedBy(windowStart().orElse(close))));
   }

   /**
    * Nanoseconds each user spent between the end of one operation and the start of its next one, for operations
    * that ended inside the window: the loop's own cost, outside acquire, query and release. Call at the end.
    */
   public Histogram gaps() {
      return totals.gaps(users.buffers());
   }
}
