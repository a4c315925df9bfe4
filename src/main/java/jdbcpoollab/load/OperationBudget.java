package jdbcpoollab.load;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The most operations a step may start, an unmeasured warm-up's bound ({@link Step#bound}); a measured step has none
 * and counts none.
 */
public final class OperationBudget {
   private final long most;
   private final AtomicLong started = new AtomicLong();

   public OperationBudget(long most) {
      this.most = most;
   }

   /** Takes one operation from the budget: false once it is spent. */
   boolean take() {
      if (started.incrementAndGet() <= most) {
         return true;
      }
      started.decrementAndGet();
      return false;
   }

   /** The operations started on it so far. */
   public long started() {
      return started.get();
   }
}
