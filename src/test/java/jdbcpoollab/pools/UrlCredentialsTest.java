package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.db.Target;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Credentials only in the URL ({@code ?user=…&password=…}, neither -Ddb.user nor -Ddb.password): every source opens
 * its pool as that user. The embedded server of this test checks passwords (its grant tables loaded), so a password
 * that does not reach the server fails the connection.
 */
class UrlCredentialsTest {
   private static EmbeddedMariaDb server;
   private static Database urlOnly;

   @BeforeAll
   static void start() throws Exception {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), "url-credentials", 30);
      Database root = server.start();
      try (Connection c = root.connect(); Statement s = c.createStatement()) {
         s.execute("FLUSH PRIVILEGES");
         for (String host : new String[] {"%", "localhost", "127.0.0.1"}) {
            s.execute("CREATE USER IF NOT EXISTS 'urlonly'@'" + host + "' IDENTIFIED BY 'url-pw-7'");
            s.execute("GRANT ALL ON *.* TO 'urlonly'@'" + host + "'");
         }
      }
      String url = root.url() + (root.url().contains("?") ? "&" : "?") + "user=urlonly&password=url-pw-7";
      Properties given = new Properties();
      given.setProperty("db.url", url);
      Target target = Target.from(new Options(given, Map.of()));
      urlOnly = new Database(target.url(), target.user(), target.password());
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @Test
   void everySourceOpensWithCredentialsOnlyInTheUrl() {
      Map<String, String> failed = new TreeMap<>();
      for (PoolLibrary library : PoolLibraries.DEFAULT.all()) {
         try (ConnectionSource source = library.open(urlOnly, new PoolShape("lab-url-" + library.name(), 1, 1, 2_000));
              Connection c = source.getConnection();
              Statement s = c.createStatement();
              ResultSet r = s.executeQuery("SELECT CURRENT_USER()")) {
            r.next();
            if (!r.getString(1).startsWith("urlonly@")) {
               failed.put(library.name(), "connected as " + r.getString(1));
            }
         } catch (Exception e) {
            failed.put(library.name(), e.toString());
         }
      }
      assertEquals(Map.of(), failed);
   }

   @Test
   void aWrongPasswordInTheUrlIsRefused() {
      Database wrong = new Database(urlOnly.url(), null, "wrong");
      assertEquals(false, canConnect(wrong), "the server checks passwords");
   }

   private static boolean canConnect(Database database) {
      try (Connection c = database.connect()) {
         return c.isValid(2);
      } catch (Exception e) {
         return false;
      }
   }
}
