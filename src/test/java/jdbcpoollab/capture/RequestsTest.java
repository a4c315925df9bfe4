package jdbcpoollab.capture;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestsTest {
   private static CapturedStatement s(long connection, long at, String sql) {
      return new CapturedStatement(connection, at, sql);
   }

   private static final Capture CAPTURE = new Capture("mysql", 3_000_000, List.of(
         s(1, 0, "SET NAMES utf8mb4"), s(1, 10, "SELECT @@max_allowed_packet"),
         s(1, 100, "BEGIN"), s(2, 150, "SELECT v FROM t WHERE id = 1"), s(1, 200, "SELECT v FROM t WHERE id = 2"),
         s(1, 20_200, "UPDATE t SET v = 'a' WHERE id = 2"), s(1, 40_300, "COMMIT"),
         s(2, 1_000_000, "set autocommit=0"), s(2, 1_000_100, "SELECT v FROM t WHERE id = 3"),
         s(2, 1_030_100, "UPDATE t SET v = 'b' WHERE id = 3"), s(2, 1_060_000, "ROLLBACK"),
         s(2, 2_000_000, "SELECT v FROM t WHERE id = 4"), s(2, 2_010_000, "set autocommit=1"),
         s(1, 2_500_000, "START TRANSACTION"), s(1, 2_500_100, "SELECT v FROM t WHERE id = 5")));

   @Test
   void transactionsAndAutocommitStatementsBecomeRequestsWithTheirOffsets() {
      Replay replay = Replay.of(CAPTURE, "mysql");
      assertEquals(List.of(
            new ReplayRequest(100, 1, true, List.of(new TimedStatement(0, "BEGIN"),
                  new TimedStatement(100, "SELECT v FROM t WHERE id = 2"),
                  new TimedStatement(20_100, "UPDATE t SET v = 'a' WHERE id = 2"),
                  new TimedStatement(40_200, "COMMIT"))),
            new ReplayRequest(150, 2, false, List.of(new TimedStatement(0, "SELECT v FROM t WHERE id = 1"))),
            new ReplayRequest(1_000_100, 2, true, List.of(new TimedStatement(0, "START TRANSACTION"),
                  new TimedStatement(0, "SELECT v FROM t WHERE id = 3"),
                  new TimedStatement(30_000, "UPDATE t SET v = 'b' WHERE id = 3"),
                  new TimedStatement(59_900, "ROLLBACK"))),
            new ReplayRequest(2_000_000, 2, true, List.of(new TimedStatement(0, "START TRANSACTION"),
                  new TimedStatement(0, "SELECT v FROM t WHERE id = 4"), new TimedStatement(10_000, "COMMIT")))),
            replay.requests());
      assertEquals(4, replay.chatter(), "SET NAMES, SELECT @@, and autocommit switched twice");
      assertEquals(1, replay.unfinished(), "the transaction open when the capture ended");
      assertTrue(replay.writes());
      List<ReplayRequest> twice = replay.at(2);
      assertEquals(List.of(50L, 75L, 500_050L, 1_000_000L), twice.stream().map(ReplayRequest::arrivalMicros).toList());
      assertEquals(replay.requests().get(0).statements(), twice.get(0).statements(), "the gaps inside stay");
   }

   @Test
   void aStatementSentPreparedIsParameterizedOnceAndTheTransactionsStartAndEndStayText() {
      Capture capture = new Capture("mysql", 1_000, List.of(s(1, 0, "BEGIN"),
            new CapturedStatement(1, 10, "SELECT c FROM sbtest1 WHERE id=4555", true),
            s(1, 20, "SELECT c FROM sbtest1 WHERE id=4556"), s(1, 30, "COMMIT")));
      List<TimedStatement> statements = Replay.of(capture, "mysql").requests().get(0).statements();
      assertEquals(List.of(new TimedStatement(0, "BEGIN"), new TimedStatement(10, "SELECT c FROM sbtest1 WHERE id=4555",
            new Parameterized("SELECT c FROM sbtest1 WHERE id=?", List.of(4555L))),
            new TimedStatement(20, "SELECT c FROM sbtest1 WHERE id=4556"), new TimedStatement(30, "COMMIT")),
            statements);
      assertEquals(List.of(false, true, false, false), statements.stream().map(TimedStatement::prepared).toList());
   }

   @Test
   void theProfileCountsShapesChatterAndHeldTimes() {
      Profile profile = Profile.of(CAPTURE);
      assertEquals(4, profile.requests());
      assertEquals(List.of(new ShapeCount("SELECT v FROM t WHERE id = ?", 4, 4 / 6.0),
            new ShapeCount("UPDATE t SET v = ? WHERE id = ?", 2, 2 / 6.0)), profile.shapes());
      assertEquals(6, profile.statements());
      assertEquals(4, profile.chatterCount());
      assertEquals(List.of(2, 1, 1), profile.requestsPerSecond());
      assertEquals(List.of(2, 2, 1), profile.transactionLengths());
      assertEquals(List.of(40_200L, 59_900L, 10_000L), profile.heldMicros());
      assertEquals(40_200L, Profile.median(profile.heldMicros()));
      assertEquals(List.of(100L, 20_000L, 20_100L, 0L, 30_000L, 29_900L, 0L, 10_000L), profile.gapMicros());
      assertEquals(3 * 1e6 / (2_000_000 - 100), profile.arrivalRate(), 1e-9);
   }

   @Test
   void aCaptureOfAnotherProductOrWithoutRequestsIsRefusedAndReadsAreNotWrites() {
      assertEquals("the capture is of mysql and the target is postgresql: a capture replays only on its own product",
            assertThrows(CaptureException.class, () -> Replay.of(CAPTURE, "postgresql")).getMessage());
      Capture chatter = new Capture("mysql", 1, List.of(s(1, 0, "SET NAMES utf8"), s(1, 1, "SHOW WARNINGS")));
      assertEquals("the capture holds no requests (2 statements, 2 of them the driver's)",
            assertThrows(CaptureException.class, () -> Replay.of(chatter, "mysql")).getMessage());
      assertFalse(Replay.of(new Capture("mysql", 1, List.of(s(1, 0, "SELECT 1"))), "mysql").writes());
      assertThrows(IllegalArgumentException.class, () -> Replay.of(CAPTURE, "mysql").at(0));
   }
}
