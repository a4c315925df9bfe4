package jdbcpoollab.measure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One step measured by several load generators at the same time (one JVM and one pool each), merged as one step:
 * operations, users and throughputs added; acquire, query and total times from the merged histograms, never from
 * averaged percentiles.
 */
public final class MergedStep {

   /**
    * One run's share of the step.
    *
    * @param result     the step as the run's summary.json holds it
    * @param histograms the step's histograms from the run's histograms.hlog
    * @param kinds      each kind's counts (a mix's requests, a request's statements) as summary.json holds them
    */
   public record Part(StepResult result, StepHistograms histograms, Map<String, KindResult> kinds) {
   }

   private MergedStep() {
   }

   /**
    * The merged step. Its window is the shortest of the parts' (each counted its operations over its own), its
    * throughput the sum of theirs. What the parts cannot tell together is left unknown: the checks of what the
    * window did not see end, and the client's CPU (the generators may be on machines of their own); the database's
    * activity is the first part's, as every part saw the same server.
    */
   public static StepResult of(List<Part> parts) {
      StepResult first = parts.get(0).result();
      Latencies sum = histograms(parts).all();
      long ok = 0;
      long ko = 0;
      long koOutside = 0;
      int users = 0;
      double throughput = 0;
      double seconds = Double.MAX_VALUE;
      double betweenWeighted = 0;
      long betweenOps = 0;
      double thinkWeighted = 0;
      long thinkOps = 0;
      Long serverConnections = 0L;
      Map<String, Long> errors = new TreeMap<>();
      boolean complete = true;
      for (Part p : parts) {
         StepCounts c = p.result().counts();
         StepResources r = p.result().resources();
         ok += c.ok();
         ko += c.ko();
         koOutside += c.koOutside();
         users += c.users();
         throughput += c.seconds() > 0 ? c.ok() / c.seconds() : 0;
         seconds = Math.min(seconds, c.seconds());
         if (Double.isFinite(r.betweenMs())) {
            betweenWeighted += r.betweenMs() * c.ok();
            betweenOps += c.ok();
         }
         if (r.thinkMs() != null) {
            thinkWeighted += r.thinkMs() * c.ok();
            thinkOps += c.ok();
         }
         serverConnections = serverConnections == null || r.serverConnections() == null ? null
               : serverConnections + r.serverConnections();
         p.result().outcome().errors().forEach((m, n) -> errors.merge(m, n, Long::sum));
         complete &= p.result().outcome().complete();
      }
      return new StepResult(first.id(), new StepCounts(users, seconds, ok, ko, koOutside, throughput),
            new StepTimes(Timing.of(sum.acquire()), Timing.of(sum.query()), Timing.of(sum.total())),
            new StepOutcome(spread(parts), errors, complete),
            new StepResources(serverConnections, betweenOps == 0 ? Double.NaN : betweenWeighted / betweenOps,
                  thinkOps == 0 ? null : thinkWeighted / thinkOps, first.resources().database(),
                  ClientCpu.UNKNOWN), StepChecks.NONE, StepRuntime.NONE);
   }

   /** The parts' histograms merged, over the span from the first window's start to the last one's end. */
   public static StepHistograms histograms(List<Part> parts) {
      Latencies all = Latencies.empty();
      Map<String, Latencies> kinds = new TreeMap<>();
      for (Part p : parts) {
         all = all.plus(p.histograms().all());
         p.histograms().kinds().forEach((kind, l) -> kinds.merge(kind, l, Latencies::plus));
      }
      StepHistograms first = parts.get(0).histograms();
      return new StepHistograms(first.step(), parts.stream().mapToLong(p -> p.histograms().fromMs()).min()
            .orElseThrow(), parts.stream().mapToLong(p -> p.histograms().toMs()).max().orElseThrow(), all, kinds);
   }

   /** Each kind of the step, its counts added and its times from its merged histograms. */
   public static List<KindResult> kinds(List<Part> parts) {
      Map<String, long[]> counts = new LinkedHashMap<>();
      for (Part p : parts) {
         p.kinds().forEach((kind, k) -> {
            long[] c = counts.computeIfAbsent(kind, name -> new long[2]);
            c[0] += k.ok();
            c[1] += k.ko();
         });
      }
      return new TreeMap<>(histograms(parts).kinds()).entrySet().stream().map(e -> {
         long[] c = Objects.requireNonNullElse(counts.get(e.getKey()), new long[2]);
         Latencies l = e.getValue();
         return new KindResult(e.getKey(), c[0], c[1], Timing.of(l.acquire()), Timing.of(l.query()),
               Timing.of(l.total()));
      }).toList();
   }

   /**
    * Operations per user over all the parts' users. Min, max and Jain's index are exact (Jain's from each part's
    * sum and sum of squares, which its index and its operations give back); the median is the users-weighted mean
    * of the parts' medians, as the runs do not keep each user's count.
    */
   static UserSpread spread(List<Part> parts) {
      int users = 0;
      long min = Long.MAX_VALUE;
      long max = 0;
      double medians = 0;
      double sum = 0;
      double squares = 0;
      for (Part p : parts) {
         UserSpread s = p.result().outcome().perUser();
         users += s.users();
         min = Math.min(min, s.min());
         max = Math.max(max, s.max());
         medians += s.median() * s.users();
         long ops = p.result().counts().ok();
         sum += ops;
         squares += s.jain() > 0 && s.users() > 0 ? (double) ops * ops / (s.users() * s.jain()) : 0;
      }
      return new UserSpread(users, users == 0 ? 0 : min, users == 0 ? 0 : medians / users, max,
            squares == 0 ? 0 : sum * sum / (users * squares));
   }
}
