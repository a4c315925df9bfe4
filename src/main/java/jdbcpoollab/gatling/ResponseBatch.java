package jdbcpoollab.gatling;

import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import jdbcpoollab.load.Outcome;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The responses of an open step's arrivals, handed to Gatling's stats engine {@value #BATCH} at a time and when the
 * step closes, rather than one by one: each response logged is a message to each of Gatling's data writers, and a
 * writer that has gone idle is woken on a thread of Gatling's for it, so that one by one every request cost the
 * machine two thread wake-ups of its own on top of its own hand-offs. Each response keeps its own start and end, so
 * Gatling's report is the same, only written later; the lab's numbers never came from it.
 */
final class ResponseBatch {
   static final int BATCH = 1024;
   private final StatsEngine statsEngine;
   private final ConcurrentLinkedQueue<Logged> queued = new ConcurrentLinkedQueue<>();
   private final AtomicInteger size = new AtomicInteger();

   /** One response with the scenario and groups of the session it was of. */
   private record Logged(Session session, Outcome outcome) {
   }

   ResponseBatch(StatsEngine statsEngine) {
      this.statsEngine = statsEngine;
   }

   /** The response of {@code session}'s request, logged with the next batch. */
   void add(Session session, Outcome outcome) {
      queued.add(new Logged(session, outcome));
      if (size.incrementAndGet() >= BATCH) {
         flush();
      }
   }

   /** Logs every response queued so far. */
   void flush() {
      for (Logged next = queued.poll(); next != null; next = queued.poll()) {
         size.decrementAndGet();
         OffloadedAction.logged(statsEngine, next.session(), List.of(next.outcome()));
      }
   }
}
