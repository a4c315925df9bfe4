package jdbcpoollab.load;

import jdbcpoollab.measure.PinnedThreads;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.ThreadsSeen;

import java.util.concurrent.atomic.LongAdder;

/** What a step's user loops run on, and on virtual threads what the step saw of them: how many, how many pinned. */
final class StepThreads {
   private volatile UserThreads kind = ThreadKinds.platform();
   /** Users whose loop ran on a virtual thread. */
   private final LongAdder onVirtual = new LongAdder();
   private volatile PinnedThreads pinned;
   private volatile long openedAtMillis;

   void kind(UserThreads threads) {
      kind = threads;
   }

   UserThreads kind() {
      return kind;
   }

   /** The step's source has opened: on virtual threads, pinned threads are counted from now. */
   void opened() {
      if (kind != ThreadKinds.platform()) {
         pinned = PinnedThreads.start();
         openedAtMillis = System.currentTimeMillis();
      }
   }

   /** A user's loop starts on the current thread. */
   void loopStarts(Thread self) {
      if (VirtualThreads.isVirtual(self)) {
         onVirtual.increment();
      }
   }

   /** The step's result with what it saw of its threads; as it is on platform threads. */
   StepResult seenIn(StepResult result, boolean waitForPins) {
      if (kind == ThreadKinds.platform()) {
         return result;
      }
      PinnedThreads p = pinned;
      return result.withThreads(new ThreadsSeen(kind.name(), onVirtual.sum(),
            p == null ? null : p.between(openedAtMillis, System.currentTimeMillis(), waitForPins)));
   }
}
