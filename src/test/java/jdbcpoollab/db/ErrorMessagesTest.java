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
}
