package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlScript;
import jdbcpoollab.workloads.SqlText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A capture cut into requests, connection by connection: a transaction runs from {@code BEGIN} or {@code START
 * TRANSACTION}, or from the first statement after autocommit was switched off, to its {@code COMMIT} or
 * {@code ROLLBACK} (or autocommit switched back on, which commits); any other statement is a request of its own. The
 * driver's chatter is left out and kept apart; a transaction still open when the capture ended is left out and
 * counted. A string of several statements ({@code BEGIN; …; COMMIT;} sent as one query) is read as its statements,
 * each at the string's start; a routine's body ({@code CREATE …}, MariaDB's {@code BEGIN NOT ATOMIC}) stays whole. A
 * statement the application sent prepared is {@link Parameterized} once here, for every replay of it; a transaction's
 * start and end are sent as text.
 *
 * @param requests   the requests, ordered by arrival
 * @param chatter    the chatter left out, in order
 * @param unfinished transactions the capture ended inside of
 */
record Requests(List<ReplayRequest> requests, List<CapturedStatement> chatter, int unfinished) {
   private static final String SYNTHETIC_BEGIN = "START TRANSACTION";
   private static final String SYNTHETIC_COMMIT = "COMMIT";
   /** Statements whose {@code ;} may be their body's own: left whole. */
   private static final Pattern WHOLE = Pattern.compile("(?i)^(?:CREATE|BEGIN\\s+NOT\\s+ATOMIC|DO\\b)");

   static Requests of(Capture capture) {
      SqlText.Quoting quoting = SqlText.Quoting.of(capture.product());
      Map<Long, List<CapturedStatement>> byConnection = new LinkedHashMap<>();
      capture.statements().stream().flatMap(s -> each(s, quoting).stream())
            .forEach(s -> byConnection.computeIfAbsent(s.connection(), c -> new ArrayList<>()).add(s));
      List<ReplayRequest> requests = new ArrayList<>();
      List<CapturedStatement> chatter = new ArrayList<>();
      int unfinished = 0;
      for (List<CapturedStatement> statements : byConnection.values()) {
         unfinished += cut(statements, requests, chatter, quoting);
      }
      requests.sort((a, b) -> Long.compare(a.arrivalMicros(), b.arrivalMicros()));
      return new Requests(List.copyOf(requests), List.copyOf(chatter), unfinished);
   }

   /** The statements a captured string holds, each at its start: itself, unless it holds several. */
   private static List<CapturedStatement> each(CapturedStatement s, SqlText.Quoting quoting) {
      if (s.text().indexOf(';') < 0 || WHOLE.matcher(SqlText.uncommented(s.text(), quoting).strip()).find()) {
         return List.of(s);
      }
      List<String> parts = SqlScript.split(s.text(), quoting);
      return parts.size() <= 1 ? List.of(s)
            : parts.stream().map(p -> new CapturedStatement(s.connection(), s.startMicros(), p, s.prepared())).toList();
   }

   /** Cuts one connection's statements into requests; returns 1 when it ends inside a transaction, else 0. */
   private static int cut(List<CapturedStatement> statements, List<ReplayRequest> requests,
         List<CapturedStatement> chatter, SqlText.Quoting quoting) {
      boolean autocommitOff = false;
      Open open = null;
      for (CapturedStatement s : statements) {
         StatementKind kind = StatementKind.of(s.text(), quoting);
         switch (kind) {
            case BEGIN -> {
               if (open != null) {
                  requests.add(open.end(s.startMicros(), SYNTHETIC_COMMIT));
               }
               open = new Open(s, s.text());
            }
            case END -> {
               if (open != null) {
                  requests.add(open.end(s.startMicros(), s.text()));
                  open = null;
               } else {
                  chatter.add(s);
               }
            }
            case AUTOCOMMIT_OFF, AUTOCOMMIT_ON -> {
               autocommitOff = kind == StatementKind.AUTOCOMMIT_OFF;
               if (!autocommitOff && open != null) {
                  requests.add(open.end(s.startMicros(), SYNTHETIC_COMMIT));
                  open = null;
               }
               chatter.add(s);
            }
            case CHATTER -> chatter.add(s);
            case WORK -> {
               if (open == null && autocommitOff) {
                  open = new Open(s, SYNTHETIC_BEGIN);
               }
               if (open != null) {
                  open.add(s, quoting);
               } else {
                  requests.add(new ReplayRequest(s.startMicros(), s.connection(), false,
                        List.of(timed(s, 0, quoting))));
               }
            }
         }
      }
      return open == null ? 0 : 1;
   }

   /** {@code s} at {@code offsetMicros}, prepared as the replay sends it when the application prepared it. */
   private static TimedStatement timed(CapturedStatement s, long offsetMicros, SqlText.Quoting quoting) {
      return new TimedStatement(offsetMicros, s.text(), s.prepared() ? Parameterized.of(s.text(), quoting) : null);
   }

   /** A transaction being read: its start and the statements so far. */
   private static final class Open {
      private final CapturedStatement first;
      private final List<TimedStatement> statements = new ArrayList<>();

      Open(CapturedStatement first, String begin) {
         this.first = first;
         statements.add(new TimedStatement(0, begin));
      }

      void add(CapturedStatement s, SqlText.Quoting quoting) {
         statements.add(timed(s, s.startMicros() - first.startMicros(), quoting));
      }

      ReplayRequest end(long atMicros, String text) {
         statements.add(new TimedStatement(atMicros - first.startMicros(), text));
         return new ReplayRequest(first.startMicros(), first.connection(), true, statements);
      }
   }
}
