package jdbcpoollab.capture;

import jdbcpoollab.db.Dialects;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.workloads.SqlText;

import java.util.List;

/**
 * A capture as a replay takes it: its requests, each holding one connection, arriving at their captured times, or
 * sooner by a speed factor. Made only for a target of the capture's own product, and only from a capture that holds
 * requests; whether any request writes is said, for a replay of writes must be asked for.
 *
 * @param product    the capture's product
 * @param requests   the requests at speed 1, ordered by arrival
 * @param chatter    the driver's statements left out
 * @param unfinished transactions the capture ended inside of, left out
 * @param writes     whether any request may change data or schema, or what a read-only session does not guard
 *                   ({@link StatementKind#writes})
 */
public record Replay(String product, List<ReplayRequest> requests, int chatter, int unfinished, boolean writes) {

   /** The replay of {@code capture} on a database of product {@code target} (as the lab's dialects name it). */
   public static Replay of(Capture capture, String target) {
      if (!capture.product().equals(target)) {
         throw new CaptureException(CaptureException.Reason.INVALID, "the capture is of " + capture.product()
               + " and the target is " + target + ": a capture replays only on its own product");
      }
      Requests cut = Requests.of(capture);
      if (cut.requests().isEmpty()) {
         throw new CaptureException(CaptureException.Reason.INVALID, "the capture holds no requests ("
               + capture.statements().size() + " statements, " + cut.chatter().size() + " of them the driver's)");
      }
      if ("mysql".equals(capture.product())) {
         refuseMarkers(cut.requests());
      }
      SqlText.Quoting quoting = SqlText.Quoting.of(capture.product());
      boolean writes = cut.requests().stream().flatMap(r -> r.statements().stream())
            .anyMatch(s -> StatementKind.writes(s.sql(), quoting));
      return new Replay(capture.product(), cut.requests(), cut.chatter().size(), cut.unfinished(), writes);
   }

   /**
    * Refuses requests whose statements hold parameter markers: MySQL and MariaDB log a server-side prepared
    * statement's {@code Execute} without its values when it was prepared before the general log was on, and such a
    * statement cannot be sent again.
    */
   private static void refuseMarkers(List<ReplayRequest> requests) {
      List<String> marked = requests.stream().flatMap(r -> r.statements().stream().map(TimedStatement::sql)
            .filter(Placeholders::in).limit(1)).toList();
      if (!marked.isEmpty()) {
         throw new CaptureException(CaptureException.Reason.INVALID, marked.size() + " of the capture's "
               + requests.size() + " requests hold parameter markers (?) where their values should be, such as "
               + marked.get(0) + ": MySQL and MariaDB log a prepared statement's Execute without its values when it"
               + " was prepared before the general log was switched on; capture again with the application's"
               + " connections opened after the capture has started");
      }
   }

   /** The requests' statements: what each step replays, the transactions' starts and ends among them. */
   public long statements() {
      return requests.stream().mapToLong(r -> r.statements().size()).sum();
   }

   /** How many of the requests' statements the application sent prepared, and so the replay does. */
   public long prepared() {
      return requests.stream().flatMap(r -> r.statements().stream()).filter(TimedStatement::prepared).count();
   }

   /**
    * The driver properties a replay on {@code url} adds to it: those of its product that send the prepared statements
    * prepared at the server, as the application did, when the capture holds any ({@code Dialect#preparedSession}).
    */
   public DriverProps driverProps(String url) {
      List<String> texts = requests.stream().flatMap(r -> r.statements().stream()).filter(TimedStatement::prepared)
            .map(s -> s.parameterized().sql()).distinct().toList();
      return texts.isEmpty() ? DriverProps.DEFAULT : Dialects.forUrl(url).preparedSession(url, texts.size(),
            texts.stream().mapToInt(String::length).max().orElseThrow());
   }

   /** The requests arriving {@code speed} times sooner: arrival times divided, the gaps inside a request kept. */
   public List<ReplayRequest> at(double speed) {
      if (!(speed > 0) || Double.isInfinite(speed)) {
         throw new IllegalArgumentException("a speed is a positive number, not " + speed);
      }
      return requests.stream().map(r -> r.sped(speed)).toList();
   }
}
