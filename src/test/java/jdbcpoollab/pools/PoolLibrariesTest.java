package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.run.CompareOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Adding a pool library is one class and one registry line: a throwaway one, named in an option, runs on a server. */
class PoolLibrariesTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   /** HikariCP under another name, counting the pools it opened. */
   private static final class Borrowed implements PoolLibrary {
      final List<PoolShape> opened = new ArrayList<>();

      @Override
      public String name() {
         return "borrowed";
      }

      @Override
      public ConnectionSource open(Database database, PoolShape shape) throws Exception {
         opened.add(shape);
         return PoolLibraries.DEFAULT.named("hikari").open(database, shape);
      }
   }

   @BeforeAll
   static void start() {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   private static CompareOptions compare(PoolLibraries libraries, String options) {
      Properties p = new Properties();
      p.setProperty("options", options);
      return CompareOptions.from(new Options(p, Map.of()), libraries);
   }

   @Test
   void aRegisteredLibraryIsNamedInAnOptionAndRunsStatements() throws Exception {
      Borrowed borrowed = new Borrowed();
      PoolLibraries libraries = PoolLibraries.DEFAULT.with(borrowed);
      assertEquals(List.of("hikari", "ucp", "none", "borrowed"), libraries.names());
      assertEquals(List.of("hikari", "ucp", "none"), PoolLibraries.DEFAULT.names(), "the default is left as it was");

      CompareOptions options = compare(libraries, "borrowed:3:5, none");
      SourceOption option = options.options().get(0);
      assertSame(borrowed, option.library());
      assertEquals(List.of(3, 5, 1), List.of(option.cmin(), option.cmax(), option.cincr()));
      assertTrue(option.pooled());
      assertEquals("none", options.baseline().text());

      try (ConnectionSource source = option.library().open(database, option.shape("lab-borrowed-test", 2_000))) {
         assertEquals(List.of(new PoolShape("lab-borrowed-test", 3, 5, 2_000)), borrowed.opened);
         assertTrue(otherConnections() >= 3, "the pool was filled to its minimum before it came back");
         List<Long> connectionIds = new ArrayList<>();
         for (int i = 0; i < 4; i++) {
            try (Connection c = source.getConnection()) {
               assertEquals(i + 1, selectOne(c, "SELECT " + (i + 1)));
               connectionIds.add(selectOne(c, "SELECT CONNECTION_ID()"));
            }
         }
         assertTrue(connectionIds.stream().distinct().count() <= 3,
               "one user at a time reuses the connections the pool was filled with: " + connectionIds);
      }
   }

   @Test
   void theUnpooledLibraryOpensANewConnectionPerOperation() throws Exception {
      SourceOption none = compare(PoolLibraries.DEFAULT, "none").options().get(0);
      assertFalse(none.pooled());
      try (ConnectionSource source = none.library().open(database, none.shape("unused", 1_000))) {
         long first;
         try (Connection c = source.getConnection()) {
            first = selectOne(c, "SELECT CONNECTION_ID()");
         }
         try (Connection c = source.getConnection()) {
            assertTrue(first != selectOne(c, "SELECT CONNECTION_ID()"), "a new physical connection");
         }
      }
   }

   @Test
   void anUnknownLibraryIsRefusedWithTheKnownNames() {
      String message = assertThrows(OptionException.class,
            () -> compare(PoolLibraries.DEFAULT.with(new Borrowed()), "c3p0:1:2")).getMessage();
      assertEquals("bad option -Doptions=c3p0:1:2: allowed is a comma-separated list of hikari:cmin:cmax[:cincr],"
            + " ucp:cmin:cmax[:cincr], none or borrowed:cmin:cmax[:cincr], each once, with 0 <= cmin <= cmax,"
            + " 1 <= cmax <= 1000, cincr >= 1", message);
      assertThrows(OptionException.class, () -> compare(PoolLibraries.DEFAULT, "borrowed:1:2"),
            "a library not registered is not there");
      assertEquals("no pool library c3p0: known are hikari, ucp, none",
            assertThrows(IllegalArgumentException.class, () -> PoolLibraries.DEFAULT.named("c3p0")).getMessage());
      assertThrows(IllegalArgumentException.class, () -> PoolLibraries.DEFAULT.with(new NoPool()),
            "names are unique");
   }

   private static long selectOne(Connection c, String sql) throws SQLException {
      try (PreparedStatement statement = c.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
         assertTrue(rows.next());
         return rows.getLong(1);
      }
   }

   /** Connections to the server besides the one asking. */
   private static long otherConnections() throws SQLException {
      try (Connection c = database.connect()) {
         return selectOne(c, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()"
               + " AND COMMAND <> 'Daemon'");
      }
   }
}
