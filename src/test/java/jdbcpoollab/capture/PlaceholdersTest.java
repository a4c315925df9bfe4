package jdbcpoollab.capture;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A statement the general log wrote with its parameter markers (a prepared statement's Execute, prepared before the
 * log was on, as sysbench's are) cannot be replayed: such a capture is refused in one line that says why.
 */
class PlaceholdersTest {
   @Test
   void aMarkerOutsideQuotesAndCommentsIsFoundAndNoneInsideThem() {
      assertTrue(Placeholders.in("SELECT c FROM sbtest1 WHERE id=?"));
      assertTrue(Placeholders.in("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c"));
      assertFalse(Placeholders.in("SELECT c FROM sbtest1 WHERE id=5017"));
      assertFalse(Placeholders.in("SELECT 'why?', \"and?\", `odd?name` FROM t WHERE a = 'it''s?' AND b = 'x\\'?'"));
      assertFalse(Placeholders.in("SELECT 1 /* id = ? */ -- and ?\n# or ?\n"));
      assertTrue(Placeholders.in("SELECT 1 /* id = ? */ FROM t WHERE id = ?"));
      assertTrue(Placeholders.in("SELECT a--? FROM t"), "-- without a space after it is no comment");
   }

   @Test
   void aCaptureWhoseStatementsHoldMarkersIsRefusedSayingWhyAndWhatToDo() {
      Capture capture = new Capture("mysql", 1_000_000, List.of(
            new CapturedStatement(7, 10, "BEGIN"),
            new CapturedStatement(7, 50, "SELECT c FROM sbtest1 WHERE id=?"),
            new CapturedStatement(7, 90, "COMMIT"),
            new CapturedStatement(8, 100, "SELECT c FROM sbtest1 WHERE id=42")));
      CaptureException e = assertThrows(CaptureException.class, () -> Replay.of(capture, "mysql"));
      assertEquals(CaptureException.Reason.INVALID, e.reason());
      assertTrue(e.getMessage().startsWith("1 of the capture's 2 requests hold parameter markers (?) where their "
            + "values should be, such as SELECT c FROM sbtest1 WHERE id=?"), e.getMessage());
      assertTrue(e.getMessage().contains("prepared before the general log was switched on"), e.getMessage());
   }
}
