package jdbcpoollab.jdbc;

import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
   void theRootCauseIsKeptWhenItSaysMore() {
      SQLException e = new SQLException("Communications link failure", new ConnectException("Connection refused"));
      String message = ErrorMessages.normalise(e);
      assertTrue(message.startsWith("SQLException: Communications link failure"), message);
      assertTrue(message.endsWith("(cause: Connection refused)"), message);
   }

   @Test
   void longMessagesAreCut() {
      String message = ErrorMessages.normalise(new SQLException("x".repeat(500)));
      assertTrue(message.length() <= 201, message.length() + "");
   }
}
