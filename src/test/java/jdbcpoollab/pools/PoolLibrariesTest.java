package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.exceptionsorter.MySQLExceptionSorter;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.CpoolCompareOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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

   private static CpoolCompareOptions compare(PoolLibraries libraries, String options) {
      Properties p = new Properties();
      p.setProperty("options", options);
      return CpoolCompareOptions.from(new Options(p, Map.of()), libraries);
   }

   @Test
   void aRegisteredLibraryIsNamedInAnOptionAndRunsStatements() throws Exception {
      List<String> registered = PoolLibraries.DEFAULT.names();
      Borrowed borrowed = new Borrowed();
      PoolLibraries libraries = PoolLibraries.DEFAULT.with(borrowed);
      List<String> withBorrowed = new ArrayList<>(registered);
      withBorrowed.add("borrowed");
      assertEquals(withBorrowed, libraries.names(), "registered after the others");
      assertEquals(registered, PoolLibraries.DEFAULT.names(), "the default is left as it was");

      CpoolCompareOptions options = compare(libraries, "borrowed:3:5, none");
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

   /**
    * Every pooled library opens a fixed pool: filled to its size before it comes back, never more connections than
    * that however many ask at once, a borrower beyond them refused after the acquire timeout, and closing it ends its
    * connections. The timeout is 1 s, not less: on a loaded machine a borrower of the six may wait longer than 300 ms
    * for its turn.
    */
   @Test
   void everyLibraryOpensAFixedPoolFilledBeforeLoad() throws Exception {
      long before = otherConnections();
      for (PoolLibrary library : PoolLibraries.DEFAULT.all().stream().filter(PoolLibrary::pooled).toList()) {
         String name = library.name();
         try (ConnectionSource source = library.open(database, new PoolShape("lab-fixed-" + name, 3, 3, 1_000))) {
            assertEquals(before + 3, otherConnections(), name + ": filled to its size before it came back");
            ExecutorService borrowers = Executors.newFixedThreadPool(6);
            try {
               List<Future<Long>> ids = new ArrayList<>();
               for (int i = 0; i < 12; i++) {
                  ids.add(borrowers.submit(() -> {
                     try (Connection c = source.getConnection()) {
                        return selectOne(c, "SELECT CONNECTION_ID() + 0 * SLEEP(0.02)");
                     }
                  }));
               }
               Set<Long> distinct = new HashSet<>();
               for (Future<Long> id : ids) {
                  distinct.add(id.get(30, TimeUnit.SECONDS));
               }
               assertTrue(distinct.size() <= 3, name + ": 6 borrowers at once shared 3 connections: " + distinct);
            } finally {
               borrowers.shutdownNow();
            }
            List<Connection> held = new ArrayList<>();
            try {
               for (int i = 0; i < 3; i++) {
                  held.add(source.getConnection());
               }
               long start = System.nanoTime();
               assertThrows(SQLException.class, source::getConnection, name + ": a fourth borrower is refused");
               long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
               assertTrue(waitedMs >= 950 && waitedMs < 10_000, name + ": refused after the timeout: " + waitedMs);
            } finally {
               for (Connection c : held) {
                  c.close();
               }
            }
            assertEquals(before + 3, otherConnections(), name + ": no connection opened beyond the pool's size");
         }
         awaitConnections(before, name + ": closing the pool ends its connections");
      }
   }

   /** Every library opens in both profiles, and what a profile set is read back from the library's own pool. */
   @Test
   void everyLibraryOpensInBothProfiles() throws Exception {
      List<PoolLibrary> pooled = PoolLibraries.DEFAULT.all().stream().filter(PoolLibrary::pooled).toList();
      for (PoolLibrary library : PoolLibraries.profiled(pooled, ProfilesTest.profiles("defaults,recommended"))) {
         String name = library.name();
         PoolShape shape = new PoolShape("lab-profile-" + name.replace('/', '-'), 2, 2, 5_000);
         try (ConnectionSource source = library.open(database, shape);
              Connection c = source.getConnection();
              Statement st = c.createStatement();
              ResultSet rows = st.executeQuery("SELECT 1")) {
            assertTrue(rows.next(), name);
            assertEquals(1, rows.getInt(1), name);
            boolean recommended = name.endsWith("/recommended");
            if (name.startsWith("agroal/")) {
               Object sorter = ((DataSourcePool) source).dataSource().unwrap(AgroalDataSource.class).getConfiguration()
                     .connectionPoolConfiguration().exceptionSorter();
               assertEquals(recommended, sorter instanceof MySQLExceptionSorter, name + ": " + sorter);
            }
            if (name.startsWith("c3p0/")) {
               ComboPooledDataSource c3p0 = assertInstanceOf(ComboPooledDataSource.class,
                     ((DataSourcePool) source).dataSource());
               assertEquals(recommended, c3p0.isTestConnectionOnCheckout(), name);
               assertEquals(30, c3p0.getAcquireRetryAttempts(), name + ": its own retries, not the lab's");
               assertFalse(c3p0.isTestConnectionOnCheckin(), name);
            }
            if (name.startsWith("tomcat/")) {
               org.apache.tomcat.jdbc.pool.DataSource tomcat = assertInstanceOf(
                     org.apache.tomcat.jdbc.pool.DataSource.class, ((DataSourcePool) source).dataSource());
               assertEquals(recommended, tomcat.getPoolProperties().isTestOnBorrow(), name);
               assertEquals(3_000, tomcat.getPoolProperties().getValidationInterval(), name + ": its own interval");
            }
         }
      }
   }

   /** PoolSweep's none: at most the pool size at once, each a new physical connection ended by its close. */
   @Test
   void theUnpooledLibraryWithASizeLimitsConnectionsAtOnce() throws Exception {
      long before = settledConnections();
      try (ConnectionSource source = PoolLibraries.DEFAULT.named("none").open(database,
            new PoolShape("lab-none-2", 2, 2, 300))) {
         // the count's own connection of a moment ago may still be ending on the server: wait for it, not for a leak
         awaitConnections(before, "nothing is opened in advance");
         Connection a = source.getConnection();
         Connection b = source.getConnection();
         assertTrue(selectOne(a, "SELECT CONNECTION_ID()") != selectOne(b, "SELECT CONNECTION_ID()"));
         assertThrows(SQLException.class, source::getConnection, "a third at once waits for the timeout and fails");
         awaitConnections(before + 2, "two borrowers hold two connections");
         a.close();
         a.close();
         try (Connection c = source.getConnection()) {
            assertEquals(1, selectOne(c, "SELECT 1"), "a closed connection gives its place back, once");
            assertThrows(SQLException.class, source::getConnection);
         }
         b.close();
      }
      awaitConnections(before, "every connection ended by its close");
   }

   @Test
   void anUnknownLibraryIsRefusedWithTheKnownNames() {
      PoolLibraries three = new PoolLibraries(List.of(PoolLibraries.DEFAULT.named("hikari"),
            PoolLibraries.DEFAULT.named("ucp"), PoolLibraries.DEFAULT.named("none")));
      assertEquals("bad option -Doptions=bonecp:1:2: allowed is a comma-separated list of hikari:cmin:cmax[:cincr],"
            + " ucp:cmin:cmax[:cincr] or none, each once, with 0 <= cmin <= cmax, 1 <= cmax <= 1000, cincr >= 1",
            assertThrows(OptionException.class, () -> compare(three, "bonecp:1:2")).getMessage());
      assertEquals("bad option -Doptions=bonecp:1:2: allowed is a comma-separated list of hikari:cmin:cmax[:cincr],"
            + " ucp:cmin:cmax[:cincr], none or borrowed:cmin:cmax[:cincr], each once, with 0 <= cmin <= cmax,"
            + " 1 <= cmax <= 1000, cincr >= 1",
            assertThrows(OptionException.class, () -> compare(three.with(new Borrowed()), "bonecp:1:2")).getMessage());
      assertEquals("bad option -Doptions=bonecp:1:2: allowed is " + SourceOption.allowed(PoolLibraries.DEFAULT),
            assertThrows(OptionException.class, () -> compare(PoolLibraries.DEFAULT, "bonecp:1:2")).getMessage(),
            "every registered library, in the registry's order");
      assertThrows(OptionException.class, () -> compare(PoolLibraries.DEFAULT, "borrowed:1:2"),
            "a library not registered is not there");
      assertEquals("no pool library bonecp: known are hikari, ucp, none",
            assertThrows(IllegalArgumentException.class, () -> three.named("bonecp")).getMessage());
      assertEquals("no pool library bonecp: known are " + String.join(", ", PoolLibraries.DEFAULT.names()),
            assertThrows(IllegalArgumentException.class, () -> PoolLibraries.DEFAULT.named("bonecp")).getMessage());
      assertThrows(IllegalArgumentException.class, () -> PoolLibraries.DEFAULT.with(new NoPool()),
            "names are unique");
   }

   private static long selectOne(Connection c, String sql) throws SQLException {
      try (PreparedStatement statement = c.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
         assertTrue(rows.next());
         return rows.getLong(1);
      }
   }

   private static void awaitConnections(long expected, String what) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      long connections = otherConnections();
      while (connections != expected && System.nanoTime() < deadline) {
         Thread.sleep(20);
         connections = otherConnections();
      }
      assertEquals(expected, connections, what + " " + processes());
   }

   private static String processes() throws SQLException {
      try (Connection c = database.connect(); PreparedStatement st = c.prepareStatement(
            "SELECT ID, COMMAND, TIME, STATE, INFO FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()");
           ResultSet rows = st.executeQuery()) {
         StringBuilder b = new StringBuilder();
         while (rows.next()) {
            b.append('[').append(rows.getString(1)).append(' ').append(rows.getString(2)).append(' ')
                  .append(rows.getString(3)).append(' ').append(rows.getString(4)).append(' ')
                  .append(rows.getString(5)).append(']');
         }
         return b.toString();
      }
   }

   /** Connections to the server besides the one asking. */
   /**
    * The other connections once the count has not changed for a second: the pools of the tests before this one may
    * still be ending theirs on the server, and counting one of those in would expect a connection too many.
    */
   private static long settledConnections() throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      long connections = otherConnections();
      long since = System.nanoTime();
      while (System.nanoTime() - since < TimeUnit.SECONDS.toNanos(1) && System.nanoTime() < deadline) {
         Thread.sleep(50);
         long now = otherConnections();
         if (now != connections) {
            connections = now;
            since = System.nanoTime();
         }
      }
      return connections;
   }

   private static long otherConnections() throws SQLException {
      try (Connection c = database.connect()) {
         return selectOne(c, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()"
               + " AND COMMAND <> 'Daemon'");
      }
   }

   /** c3p0's helper threads as a run names them: that many threads of its pool, c3p0's own 3 otherwise. */
   @Test
   void aRunNamesTheHelperThreadsOfC3p0Alone() throws Exception {
      PoolLibraries sixteen = PoolLibraries.DEFAULT.withC3p0HelperThreads(16);
      assertEquals(16, helpersOf(sixteen, "lab-c3p0-helpers-16"));
      assertEquals(3, helpersOf(PoolLibraries.DEFAULT, "lab-c3p0-helpers-own"));
      assertSame(PoolLibraries.DEFAULT, PoolLibraries.DEFAULT.withC3p0HelperThreads(0), "0 keeps c3p0's own");
      assertSame(PoolLibraries.DEFAULT.named("hikari"), sixteen.named("hikari"), "the others are not touched");
      assertTrue(sixteen.named("c3p0").describeTimes().contains("numHelperThreads = 16"));
      assertFalse(PoolLibraries.DEFAULT.named("c3p0").describeTimes().contains("numHelperThreads"));
   }

   /** The live helper threads c3p0 started for the pool it opens as {@code poolName}, named by its identity. */
   private static long helpersOf(PoolLibraries libraries, String poolName) throws Exception {
      try (ConnectionSource source = libraries.named("c3p0").open(database, new PoolShape(poolName, 2, 4, 5_000));
           Connection c = source.getConnection()) {
         assertTrue(c.isValid(2), poolName);
         ComboPooledDataSource c3p0 = (ComboPooledDataSource) ((DataSourcePool) source).dataSource();
         String token = "identityToken->" + c3p0.getIdentityToken() + ",";
         return Thread.getAllStackTraces().keySet().stream()
               .filter(t -> t.getName().contains(token) && t.getName().contains("]-HelperThread-#")).count();
      }
   }
}
