package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;

import static jdbcpoollab.measure.Latencies.DIGITS;
import static jdbcpoollab.measure.UserBuffer.ACQUIRE;
import static jdbcpoollab.measure.UserBuffer.GAP;
import static jdbcpoollab.measure.UserBuffer.IN_WINDOW;
import static jdbcpoollab.measure.UserBuffer.QUERY;
import static jdbcpoollab.measure.UserBuffer.THIRD;
import static jdbcpoollab.measure.UserBuffer.TOTAL;

/**
 * A step's histograms and counts of the operations that ended in its window, merged from its users' buffers
 * ({@link UserBuffer}) whenever they are read (each sampling interval, the step's result) and by a user whose buffer
 * is full: each operation is recorded by its own user's thread without touching what other users write, and the
 * numbers are the ones a single histogram of every operation would hold. Merging holds this object's lock.
 */
final class StepTotals implements UserBuffer.Reader {
   private final Histogram acquire = new Histogram(DIGITS);
   private final Histogram query = new Histogram(DIGITS);
   private final Histogram total = new Histogram(DIGITS);
   private final Histogram gaps = new Histogram(DIGITS);
   private final WindowTrend trend = new WindowTrend();
   private long ok;
   /** The successful operations' time inside the window: each one's total, less what of it fell before the window. */
   private long okNanosInWindow;

   /** The harness took {@code nanos} from the end of the user's operation to the start of its next one. */
   void gap(UserBuffer user, long nanos) {
      if (user.full()) {
         merge(user);
      }
      user.gap(nanos);
   }

   /**
    * The user's operation ended in the window after waiting {@code acquireNanos}; when it succeeded ({@code total} not
    * {@link UserBuffer#NONE}) its statement and total times, the part of it inside the window and its third.
    */
   void operation(UserBuffer user, long acquireNanos, long queryNanos, long totalNanos, long inWindow, int third) {
      if (user.full()) {
         merge(user);
      }
      user.operation(acquireNanos, queryNanos, totalNanos, inWindow, third);
   }

   /** What happened in the window since the previous call, every user's buffer merged. */
   synchronized Interval interval(Iterable<UserBuffer> users) {
      mergeAll(users);
      return trend.interval();
   }

   /** The acquire, statement and total times so far, as copies. */
   synchronized Latencies latencies(Iterable<UserBuffer> users) {
      mergeAll(users);
      return new Latencies(acquire.copy(), query.copy(), total.copy());
   }

   /** The gaps between operations so far, as a copy. */
   synchronized Histogram gaps(Iterable<UserBuffer> users) {
      mergeAll(users);
      return gaps.copy();
   }

   /** The successful operations so far. */
   synchronized long ok(Iterable<UserBuffer> users) {
      mergeAll(users);
      return ok;
   }

   /** The successful operations' time inside the window so far. */
   synchronized long okNanosInWindow(Iterable<UserBuffer> users) {
      mergeAll(users);
      return okNanosInWindow;
   }

   /** Throughput of the last third against the first, minus 1 ({@link StepChecks#drift}). */
   synchronized double drift(Iterable<UserBuffer> users) {
      mergeAll(users);
      return trend.drift();
   }

   /** Whether throughput held over the window ({@link StepChecks#steady}); null without operations to judge. */
   synchronized Boolean steady(Iterable<UserBuffer> users) {
      mergeAll(users);
      return trend.steady();
   }

   private void mergeAll(Iterable<UserBuffer> users) {
      for (UserBuffer u : users) {
         u.takeTo(this);
      }
   }

   private synchronized void merge(UserBuffer user) {
      user.takeTo(this);
   }

   /** One entry of a user's buffer, merged; under the lock. */
   @Override
   public void entry(long[] entries, int at) {
      long gap = entries[at + GAP];
      if (gap != UserBuffer.NONE) {
         gaps.recordValue(gap);
         return;
      }
      long waited = entries[at + ACQUIRE];
      acquire.recordValue(waited);
      trend.waited(waited);
      long totalNanos = entries[at + TOTAL];
      if (totalNanos != UserBuffer.NONE) {
         ok++;
         trend.completed((int) entries[at + THIRD]);
         query.recordValue(entries[at + QUERY]);
         total.recordValue(totalNanos);
         okNanosInWindow += entries[at + IN_WINDOW];
      }
   }
}
