package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongPredicate;

/**
 * The users of one step, each one's state, and what they say at the window's close: the operations still open, each
 * user's longest wait, and how often a request for a connection was overtaken.
 */
public final class StepUsers {
   /** No time yet. */
   static final long UNSET = Long.MIN_VALUE;

   private final Map<Long, User> byId = new ConcurrentHashMap<>();
   /** The latest start among the requests for a connection served so far: a request that started earlier than it
    * and is served now was overtaken. */
   private final AtomicLong latestServedStart = new AtomicLong(UNSET);
   private final LongAdder overtaken = new LongAdder();

   /**
    * One user's state in this step, held by the thread that runs the user so that an operation needs no look-up.
    * Written by that thread alone (through its {@link StepRecorder}); read when the step's result is made.
    */
   public static final class User {
      volatile long ok;
      volatile boolean listed;
      long lastEnd = UNSET;
      /** When the user's first operation started. */
      volatile long first = UNSET;
      /** When the user's current (or last) operation started, got its connection and ended: what is open when. */
      volatile long started = UNSET;
      volatile long acquired = UNSET;
      volatile long ended = UNSET;
      /** The longest acquire wait among the user's operations that ended in the window. */
      volatile long longestWait;
      boolean overtaken;
      /** The user's numbers not yet merged into the step's ({@link StepTotals}). */
      final UserBuffer buffer = new UserBuffer();

      private User() {
      }
   }

   /**
    * What the users had open at the window's close.
    *
    * @param open            the operations in progress at the close
    * @param acquireWithOpen the window's acquire waits with those of the open operations added
    * @param openNanos       the open operations' ages at the close, each counted from the window's opening at the
    *                        earliest (the part of its age inside the window), summed
    * @param longestWaits    each user's longest wait, open or not
    */
   record AtClose(OpenAtClose open, Histogram acquireWithOpen, double openNanos, long[] longestWaits) {
   }

   /** The state of user {@code userId}; the same object for the same id. */
   User user(long userId) {
      return byId.computeIfAbsent(userId, id -> new User());
   }

   /** Every user's buffer, for merging. */
   List<UserBuffer> buffers() {
      return byId.values().stream().map(u -> u.buffer).toList();
   }

   /** The user's operation got its connection at {@code nowNanos}; overtaken when a later request was served first. */
   void acquired(User user, long nowNanos) {
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

   /** The user's operation succeeded inside the window: counted for the user, and as overtaken when it was. */
   void served(User user) {
      if (user.overtaken) {
         overtaken.increment();
      }
      if (!user.listed) {
         user.listed = true;
      }
      user.ok++;
   }

   /** The window's successful operations that were overtaken. */
   long overtaken() {
      return overtaken.sum();
   }

   /** The users whose first operation started at or before {@code nanos}. */
   int startedBy(long nanos) {
      return (int) byId.values().stream().filter(u -> u.first != UNSET && u.first <= nanos).count();
   }

   /** Each counted user's successful operations in the window. */
   long[] okCounts() {
      return byId.values().stream().filter(u -> u.listed).mapToLong(u -> u.ok).toArray();
   }

   /**
    * What the window (from {@code from} to {@code close}) did not see end: each user's operation then in progress (the
    * last one it started, since a closed loop starts none after the close) aged to the close, and what that does to
    * the acquire waits {@code waits} and each user's longest wait. Ages are whole, as the oldest shows them; the sum
    * counts only each age's part inside the window.
    */
   AtClose atClose(long close, long from, Histogram waits, LongPredicate inWindow) {
      Histogram withOpen = waits.copy();
      List<Long> longest = new ArrayList<>();
      long open = 0;
      long waiting = 0;
      long oldest = 0;
      long oldestWait = 0;
      double openNanos = 0;
      for (User u : byId.values()) {
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
            if (!inDatabase || inWindow.test(acquiredAt)) {
               withOpen.recordValue(wait);
            }
            longestOfUser = Math.max(longestOfUser, wait);
            open++;
            openNanos += close - Math.max(started, from);
            oldest = Math.max(oldest, age);
            if (!inDatabase) {
               waiting++;
               oldestWait = Math.max(oldestWait, age);
            }
         }
         longest.add(longestOfUser);
      }
      return new AtClose(new OpenAtClose(open, Timing.ms(oldest), waiting, open - waiting, Timing.ms(oldestWait)),
            withOpen, openNanos, longest.stream().mapToLong(Long::longValue).toArray());
   }
}
