package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class RedactorTest {

   @Test
   void passwordsInUrlsAreMasked() {
      assertEquals("jdbc:mysql://db:3306/demo?user=lab&password=***&useSSL=false",
            Redactor.url("jdbc:mysql://db:3306/demo?user=lab&password=hunter2&useSSL=false"));
      assertEquals("jdbc:postgresql://lab:***@db/demo", Redactor.url("jdbc:postgresql://lab:hunter2@db/demo"));
      assertEquals("jdbc:oracle:thin:scott/***@//db:1521/FREEPDB1",
            Redactor.url("jdbc:oracle:thin:scott/tiger@//db:1521/FREEPDB1"));
      assertEquals("jdbc:mysql://db:3306/demo", Redactor.url("jdbc:mysql://db:3306/demo"));
   }

   @Test
   void aKnownPasswordIsMaskedAnywhereInText() {
      String text = Redactor.text("Access denied for user 'lab' using password p@ss;word", "p@ss;word");
      assertFalse(text.contains("p@ss;word"), text);
   }
}
