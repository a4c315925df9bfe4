package jdbcpoollab.redact;

import jdbcpoollab.db.Database;
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
   void passwordsInEverySupportedUrlFormAreMasked() {
      assertEquals("jdbc:mariadb://db:3306/demo?user=lab&password=***",
            Redactor.url("jdbc:mariadb://db:3306/demo?user=lab&password=hunter2"));
      assertEquals("jdbc:postgresql://db:5432/demo?user=lab&password=***&ssl=true",
            Redactor.url("jdbc:postgresql://db:5432/demo?user=lab&password=hunter2&ssl=true"));
      assertEquals("jdbc:mysql://address=(host=db)(port=3306)(user=lab)(password=***)/demo",
            Redactor.url("jdbc:mysql://address=(host=db)(port=3306)(user=lab)(password=hunter2)/demo"));
      assertEquals("jdbc:mariadb://lab:***@db:3306/demo", Redactor.url("jdbc:mariadb://lab:p@ss@db:3306/demo"));
      assertEquals("jdbc:oracle:thin:scott/***@(DESCRIPTION=(ADDRESS=(HOST=db)(PORT=1521)))",
            Redactor.url("jdbc:oracle:thin:scott/tiger@(DESCRIPTION=(ADDRESS=(HOST=db)(PORT=1521)))"));
      assertEquals("jdbc:oracle:thin:scott/***@//db:1521/FREEPDB1",
            Redactor.url("jdbc:oracle:thin:scott/\"ti@ger\"@//db:1521/FREEPDB1"));
      assertEquals("jdbc:postgresql://db/demo?sslpassword=***", Redactor.url("jdbc:postgresql://db/demo?sslpassword=k3y"));
   }

   @Test
   void aPasswordIsMaskedAsAValueNotInsideWords() {
      assertEquals("cannot connect: Access denied (using password ***)",
            Redactor.text("cannot connect: Access denied (using password o)", "o"));
      assertEquals("SQLTimeoutException after '***'", Redactor.text("SQLTimeoutException after 'x'", "x"));
      assertEquals("user lab, password ***; again ***", Redactor.text("user lab, password p@ss-1; again p@ss-1",
            "p@ss-1"));
   }

   @Test
   void theServerAddressIsNamedWithoutCredentials() {
      assertEquals("db.example:3307", new Database("jdbc:mysql://lab:pw@db.example:3307/demo?password=x", "u", "pw")
            .address());
      assertEquals("db:3306", new Database("jdbc:mariadb://lab:p@ss@db:3306/demo", "u", "").address());
      assertEquals("db.example", new Database("jdbc:mariadb://db.example/demo", "u", "").address());
      assertEquals("db:1521", new Database("jdbc:oracle:thin:scott/tiger@//db:1521/FREEPDB1", "u", "").address());
      assertEquals("db:1521", new Database("jdbc:oracle:thin:scott/tiger@db:1521:XE", "u", "").address());
      assertEquals("db:1521", new Database(
            "jdbc:oracle:thin:scott/tiger@(DESCRIPTION=(ADDRESS=(HOST=db)(PORT=1521)))", "u", "").address());
      assertEquals("db:3306", new Database("jdbc:mysql://address=(host=db)(port=3306)(user=lab)/demo", "u", "")
            .address());
   }

   @Test
   void aKnownPasswordIsMaskedAnywhereInText() {
      String text = Redactor.text("Access denied for user 'lab' using password p@ss;word", "p@ss;word");
      assertFalse(text.contains("p@ss;word"), text);
   }

   @Test
   void aStatementThatSetsAPasswordHasItsQuotedTextsMaskedAndOthersStayAsTheyAre() {
      assertEquals("ALTER USER '***'@'***' IDENTIFIED BY '***'",
            Redactor.sql("ALTER USER 'app'@'%' IDENTIFIED BY 'it''s \\' secret'"));
      assertEquals("CREATE ROLE app LOGIN PASSWORD '***'", Redactor.sql("CREATE ROLE app LOGIN PASSWORD $x$pw$x$"));
      assertEquals("set password = '***'", Redactor.sql("set password = 'unterminated"));
      assertEquals("UPDATE users SET password = 'x' WHERE id = 1",
            Redactor.sql("UPDATE users SET password = 'x' WHERE id = 1"));
   }
}
