package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every pool library's connections carry -Ddriver.props, through either driver: with {@code useServerPrepStmts=true}
 * the server prepares the statement (its session's Com_stmt_prepare counts it), without it neither driver does.
 */
class DriverPropsSourcesTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   @BeforeAll
   static void start() {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
   }

   @AfterAll
   static void stop() {
      server.close();
   }

   @Test
   void everySourceThroughEitherDriverPassesTheProperties() throws Exception {
      DriverProps serverPrepared = DriverProps.parse("useServerPrepStmts=true").get(0);
      for (String driver : List.of("mysql", "mariadb")) {
         Database through = database.through(Drivers.DEFAULT.find(driver).orElseThrow());
         for (PoolLibrary library : PoolLibraries.DEFAULT.all()) {
            String what = library.name() + "/" + driver;
            assertEquals(0, serverPrepares(library, through, what + " default"), what + " with the defaults");
            assertEquals(1, serverPrepares(library, through.with(serverPrepared), what), what + " with the property");
         }
      }
   }

   /** The statements the server prepared for one connection of the source that ran one prepared query. */
   private static long serverPrepares(PoolLibrary library, Database db, String name) throws Exception {
      try (ConnectionSource source = library.open(db, new PoolShape(name.replaceAll("\\W+", "-"), 1, 1, 10_000));
           Connection c = source.getConnection()) {
         long before = preparesOf(c);
         try (PreparedStatement ps = c.prepareStatement("SELECT ? + 1")) {
            ps.setInt(1, 41);
            try (ResultSet rs = ps.executeQuery()) {
               rs.next();
               assertEquals(42, rs.getInt(1));
            }
         }
         return preparesOf(c) - before;
      }
   }

   private static long preparesOf(Connection c) throws SQLException {
      try (ResultSet rs = c.createStatement().executeQuery("SHOW SESSION STATUS LIKE 'Com_stmt_prepare'")) {
         rs.next();
         return rs.getLong(2);
      }
   }
}
