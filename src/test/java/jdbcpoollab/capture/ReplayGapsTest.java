package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.testing.ExternalServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -Dreplay.gaps}: a transaction captured with its statements 100 ms apart holds its connection at least the
 * captured 300 ms when the offsets are kept, and sends its statements back to back without them: in well under one
 * gap, even on a machine busy enough to stall three trivial statements for tens of milliseconds (75 ms seen once in
 * the full suite with 30 ms gaps).
 */
class ReplayGapsTest {
   private static final long APART_MICROS = 100_000;

   private static ReplayRequest transaction() {
      List<String> sql = List.of("START TRANSACTION", "SELECT 1", "SELECT 2", "COMMIT");
      List<TimedStatement> statements = new ArrayList<>();
      for (int i = 0; i < sql.size(); i++) {
         statements.add(new TimedStatement(i * APART_MICROS, sql.get(i)));
      }
      return new ReplayRequest(0, 1, true, statements);
   }

   private static long heldMicros(ReplayGaps gaps) throws Exception {
      Database database = ExternalServer.get().root();
      ReplayWorkload workload = new ReplayWorkload("gaps", List.of(transaction()), "mysql", true, gaps);
      try (Connection c = database.connect()) {
         for (int i = 0; i < 3; i++) {
            workload.run(c);
         }
      }
      return workload.heldMicros().stream().mapToLong(Long::longValue).min().orElseThrow();
   }

   @Test
   void capturedGapsAreKeptAndNoneSendsTheStatementsBackToBack() throws Exception {
      long captured = heldMicros(ReplayGaps.CAPTURED);
      long none = heldMicros(ReplayGaps.NONE);
      assertTrue(captured >= 3 * APART_MICROS, "captured gaps kept: held " + captured + " µs");
      assertTrue(none < APART_MICROS, "back to back: held " + none + " µs, under one captured gap");
   }

   @Test
   void theOptionNamesEachWayAsItIsGiven() {
      for (ReplayGaps gaps : ReplayGaps.values()) {
         assertTrue(ReplayGaps.of(gaps.optionValue()) == gaps, gaps.optionValue());
      }
   }
}
