package jdbcpoollab.db;

import jdbcpoollab.load.DatabaseWatch;
import jdbcpoollab.redact.Redactor;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ErrorMessagesTest {

   @Test
   void hikariTimeoutsOfDifferentPoolStatesAreOneMessage() {
      String a = ErrorMessages.normalise(new SQLTransientConnectionException(
            "lab-wait-1 - Connection is not available, request timed out after 30004ms (total=1, active=1, idle=0, waiting=61)"));
      String b = ErrorMessages.normalise(new SQLTransientConnectionException(
            "lab-wait-1 - Connection is not available, request timed out after 30001ms (total=1, active=1, idle=0, waiting=12)"));
      assertEquals(a, b);
      assertEquals("SQLTransientConnectionException: lab-wait-N - Connection is not available, request timed out after N ms (pool state)", a);
   }

   @Test
   void dbcp2TimeoutsOfDifferentDurationsAreOneMessage() {
      String a = ErrorMessages.normalise(new SQLException("Cannot get a connection, pool error Timeout waiting for"
            + " idle object, maxWaitDuration=PT1.999996223S"));
      String b = ErrorMessages.normalise(new SQLException("Cannot get a connection, pool error Timeout waiting for"
            + " idle object, maxWaitDuration=PT2S"));
      assertEquals(a, b);
      assertEquals("SQLException: Cannot get a connection, pool error Timeout waiting for idle object,"
            + " maxWaitDuration=PTNS", a);
   }

   @Test
   void theRootCauseIsKeptWhenItSaysMore() {
      SQLException e = new SQLException("Communications link failure", new ConnectException("Connection refused"));
      String message = ErrorMessages.normalise(e);
      assertTrue(message.startsWith("SQLException: Communications link failure"), message);
      assertTrue(message.endsWith("(cause: Connection refused)"), message);
   }

   @Test
   void aLostConnectionIsOneMessageWhateverTheTimings() {
      String a = ErrorMessages.normalise(new SQLException("Communications link failure\n\nThe last packet successfully"
            + " received from the server was 836 milliseconds ago. The last packet sent successfully to the server was"
            + " 837 milliseconds ago.", "08S01", new java.io.EOFException("Can not read response from server.")));
      String b = ErrorMessages.normalise(new SQLException("Communications link failure\n\nThe last packet sent"
            + " successfully to the server was 0 milliseconds ago. The driver has not received any packets from the"
            + " server.", "08S01", new java.io.EOFException("Can not read response from server.")));
      assertEquals("SQLException: Communications link failure (cause: Can not read response from server.)", a);
      assertEquals(a, b);
   }

   @Test
   void connectionFailuresAreToldFromOtherErrors() {
      assertTrue(DatabaseWatch.connectionFailure(new SQLException("link", "08S01")));
      assertTrue(DatabaseWatch.connectionFailure(new SQLException("wrapped", new ConnectException("Connection refused"))));
      assertTrue(DatabaseWatch.connectionFailure(new java.sql.SQLNonTransientConnectionException("gone")));
      assertFalse(DatabaseWatch.connectionFailure(new SQLTransientConnectionException(
            "lab-wait-1 - Connection is not available, request timed out after 250ms")), "a full pool");
      assertFalse(DatabaseWatch.connectionFailure(new SQLException("Table 'demo.big' doesn't exist", "42S02")));
   }

   @Test
   void passwordsNeverReachAnErrorMessage() {
      jdbcpoollab.redact.Redactor.secret("Pw-in-a-message-7");
      String message = ErrorMessages.normalise(new SQLException("bad url jdbc:mysql://h/d?password=abc;"
            + " and Pw-in-a-message-7 somewhere"));
      assertFalse(message.contains("abc;"), message);
      assertFalse(message.contains("Pw-in-a-message-7"), message);
   }

   @Test
   void longMessagesAreCut() {
      String message = ErrorMessages.normalise(new SQLException("x".repeat(500)));
      assertTrue(message.length() <= 201, message.length() + "");
   }

   private static SQLException ucpFull(int borrowed, int pending) {
      return new SQLException("UCP-29: Failed to get a connection", new SQLException("UCP-45060: All connections in"
            + " the Universal Connection Pool are in use - [ borrowed:" + borrowed + ", total:8, created:8, closed:0,"
            + " abandoned:0, labeled:0, pending:" + pending + ", maxPending:" + (pending + 1) + ", Queue-Test-17 ]"));
   }

   @Test
   void aLabelKeepsItsFirstMessageWithItsNumbers() {
      String first = ErrorMessages.normalise(ucpFull(8, 5000));
      String second = ErrorMessages.normalise(ucpFull(7, 12));
      assertEquals(first, second, "one label whatever the pool's statistics");
      assertFalse(first.contains("5000"), first);
      String key = "wait threads=virtual ucp/defaults pool=008: " + first;
      java.util.Map<String, String> examples = ErrorMessages.examples(java.util.List.of(key, first, "no such: label"));
      assertEquals(java.util.Set.of(key, first), examples.keySet(), "a step's name before the label is no matter");
      String example = examples.get(key);
      assertTrue(example.contains("borrowed:8, total:8") && example.contains("pending:5000, maxPending:5001"),
            "the first message whole: " + example);
      assertEquals(example, examples.get(first));
   }

   @Test
   void examplesAreRedactedAndCut() {
      jdbcpoollab.redact.Redactor.secret("Pw-in-an-example-9");
      String label = ErrorMessages.normalise(new SQLException("example test jdbc:mysql://h/d?password=abc;"
            + " and Pw-in-an-example-9 " + "y".repeat(3000)));
      String example = ErrorMessages.examples(java.util.List.of(label)).get(label);
      assertFalse(example.contains("abc;") || example.contains("Pw-in-an-example-9"), example);
      assertTrue(example.length() <= ErrorMessages.EXAMPLE_MAX + 1, example.length() + "");
   }
}
