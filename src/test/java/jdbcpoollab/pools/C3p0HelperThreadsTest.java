package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** c3p0's helper threads as a run names them: that many threads of its pool, c3p0's own 3 otherwise. */
class C3p0HelperThreadsTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   @BeforeAll
   static void start() {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 20);
      database = server.start();
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   /** The live threads c3p0 started for the pool of {@code dataSource}. */
   private static long helperThreads(ComboPooledDataSource dataSource) {
      String token = "identityToken->" + dataSource.getIdentityToken() + ",";
      return Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().contains(token) && t.getName().contains("]-HelperThread-#")).count();
   }

   private static long helpersOf(PoolLibraries libraries, String poolName) throws Exception {
      PoolLibrary c3p0 = libraries.named("c3p0");
      try (ConnectionSource source = c3p0.open(database, new PoolShape(poolName, 2, 4, 5_000));
           Connection c = source.getConnection()) {
         assertTrue(c.isValid(2), poolName);
         ComboPooledDataSource dataSource = (ComboPooledDataSource) ((DataSourcePool) source).dataSource();
         assertEquals(dataSource.getNumHelperThreads(), helperThreads(dataSource), poolName);
         return helperThreads(dataSource);
      }
   }

   @Test
   void aRunNamesTheHelperThreadsOfC3p0Alone() throws Exception {
      PoolLibraries sixteen = PoolLibraries.DEFAULT.withC3p0HelperThreads(16);
      assertEquals(16, helpersOf(sixteen, "lab-c3p0-helpers-16"));
      assertEquals(3, helpersOf(PoolLibraries.DEFAULT, "lab-c3p0-helpers-own"));
      assertSame(PoolLibraries.DEFAULT, PoolLibraries.DEFAULT.withC3p0HelperThreads(0), "0 keeps c3p0's own");
      assertEquals(PoolLibraries.DEFAULT.names(), sixteen.names());
      assertSame(PoolLibraries.DEFAULT.named("hikari"), sixteen.named("hikari"), "the others are not touched");
      assertTrue(sixteen.named("c3p0").describeTimes().contains("numHelperThreads = 16"));
      assertFalse(PoolLibraries.DEFAULT.named("c3p0").describeTimes().contains("numHelperThreads"));
   }
}
