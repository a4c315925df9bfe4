package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a capture says about the application: its statements by shape, requests per second over time, how long its
 * transactions held their connection and the gaps between their statements, and the driver's chatter left out.
 * A log gives each statement's start only, so a gap and a held time include the statements' own time.
 *
 * @param product            the capture's product
 * @param spanMicros         how long the capture lasted
 * @param shapes             the application's statements by shape, most frequent first (transaction starts and
 *                           ends not among them)
 * @param chatter            the driver's statements left out, by shape, most frequent first
 * @param requestsPerSecond  requests arriving in each second of the capture
 * @param transactionLengths statements in each transaction, its start and end not counted
 * @param heldMicros         each transaction's time from its start to its end's start
 * @param gapMicros          each gap between the starts of consecutive statements inside a transaction
 * @param requests           requests found: transactions and autocommit statements
 * @param arrivalRate        requests per second while they arrived, from the first arrival to the last (0 with
 *                           fewer than two)
 * @param unfinished         transactions the capture ended inside of
 */
public record Profile(String product, long spanMicros, List<ShapeCount> shapes, List<ShapeCount> chatter,
      List<Integer> requestsPerSecond, List<Integer> transactionLengths, List<Long> heldMicros, List<Long> gapMicros,
      int requests, double arrivalRate, int unfinished) {

   public static Profile of(Capture capture) {
      Requests cut = Requests.of(capture);
      SqlText.Quoting quoting = SqlText.Quoting.of(capture.product());
      List<String> work = new ArrayList<>();
      List<Integer> lengths = new ArrayList<>();
      List<Long> held = new ArrayList<>();
      List<Long> gaps = new ArrayList<>();
      int[] perSecond = new int[(int) Math.max(1, (capture.spanMicros() + 999_999) / 1_000_000)];
      for (ReplayRequest r : cut.requests()) {
         perSecond[(int) Math.min(perSecond.length - 1, Math.max(0, r.arrivalMicros() / 1_000_000))]++;
         List<TimedStatement> body = r.transaction() ? r.statements().subList(1, r.statements().size() - 1)
               : r.statements();
         body.forEach(s -> work.add(s.sql()));
         if (r.transaction()) {
            lengths.add(body.size());
            held.add(r.heldMicros());
            for (int i = 1; i < r.statements().size(); i++) {
               gaps.add(r.statements().get(i).offsetMicros() - r.statements().get(i - 1).offsetMicros());
            }
         }
      }
      List<Integer> rps = new ArrayList<>();
      for (int n : perSecond) {
         rps.add(n);
      }
      return new Profile(capture.product(), capture.spanMicros(), counts(work, quoting),
            counts(cut.chatter().stream().map(CapturedStatement::text).toList(), quoting), rps, lengths, held, gaps,
            cut.requests().size(), arrivalRate(cut.requests()), cut.unfinished());
   }

   private static List<ShapeCount> counts(List<String> statements, SqlText.Quoting quoting) {
      Map<String, Integer> byShape = new LinkedHashMap<>();
      statements.forEach(s -> byShape.merge(Shape.of(s, quoting), 1, Integer::sum));
      return byShape.entrySet().stream()
            .map(e -> new ShapeCount(e.getKey(), e.getValue(), (double) e.getValue() / statements.size()))
            .sorted(Comparator.comparingInt(ShapeCount::count).reversed()).toList();
   }

   /** The application's statements captured, chatter and transaction starts and ends not counted. */
   public int statements() {
      return shapes.stream().mapToInt(ShapeCount::count).sum();
   }

   /** The driver's statements left out. */
   public int chatterCount() {
      return chatter.stream().mapToInt(ShapeCount::count).sum();
   }

   /** The count of statements of {@code shape}, 0 when none. */
   public int count(String shape) {
      return shapes.stream().filter(s -> s.shape().equals(shape)).mapToInt(ShapeCount::count).sum();
   }

   private static double arrivalRate(List<ReplayRequest> r) {
      long span = r.isEmpty() ? 0 : r.get(r.size() - 1).arrivalMicros() - r.get(0).arrivalMicros();
      return span <= 0 ? 0 : (r.size() - 1) * 1e6 / span;
   }

   /** The median of {@code values}, 0 when empty. */
   public static long median(List<Long> values) {
      if (values.isEmpty()) {
         return 0;
      }
      List<Long> sorted = values.stream().sorted().toList();
      int n = sorted.size();
      return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
   }
}
