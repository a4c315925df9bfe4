package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Statements as real servers log them, cut into requests as the application sent them: PostgreSQL's
 * {@code BEGIN; …; COMMIT;} sent as one query string (psql, psycopg, a driver's simple protocol) is one transaction,
 * and MariaDB's SQL-level {@code PREPARE}/{@code EXECUTE}, whose expansion the general log holds beside the
 * {@code EXECUTE}, is one statement, not two.
 */
class CapturedStatementsTest {
   private static final int TRANSACTIONS = 10;

   @Test
   void postgresTransactionsSentAsOneQueryStringAreOneRequestEachAndSwallowNothing() throws Exception {
      try (PostgresServer server = PostgresServer.startOrSkip()) {
         try (Connection su = DriverManager.getConnection(server.superuserUrl(), "postgres", server.password());
              Statement st = su.createStatement()) {
            st.execute("ALTER SYSTEM SET log_statement = 'all'");
            st.execute("ALTER SYSTEM SET log_line_prefix = '" + PostgresLog.LINE_PREFIX + "'");
            st.execute("SELECT pg_reload_conf()");
         }
         Thread.sleep(500);
         long from = System.currentTimeMillis() * 1000;
         try (Connection c = DriverManager.getConnection(server.url() + (server.url().contains("?") ? "&" : "?")
               + "preferQueryMode=simple", PostgresServer.USER, server.password());
              Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS one_string (id INT PRIMARY KEY, v INT)");
            st.execute("INSERT INTO one_string VALUES (1, 0) ON CONFLICT DO NOTHING");
            for (int i = 0; i < TRANSACTIONS; i++) {
               st.execute("BEGIN; SELECT v FROM one_string WHERE id = 1; UPDATE one_string SET v = v + 1 "
                     + "WHERE id = 1; COMMIT;");
               st.execute("SELECT v FROM one_string WHERE id = " + i);
            }
         }
         Thread.sleep(500);
         long to = System.currentTimeMillis() * 1000;
         List<String> lines = new String(Files.readAllBytes(server.serverLog()), StandardCharsets.UTF_8).lines()
               .toList();
         Profile profile = Profile.of(PostgresLog.parse(lines, from, to));
         assertEquals(0, profile.unfinished(), "each string's COMMIT ends its transaction");
         assertEquals(2 + 2 * TRANSACTIONS, profile.requests(), profile.toString());
         assertEquals(List.of(2), profile.transactionLengths().stream().distinct().toList());
         assertEquals(TRANSACTIONS, profile.transactionLengths().size());
         assertEquals(2 + 3 * TRANSACTIONS, profile.statements(), profile.shapes().toString());
      }
   }

   @Test
   void mariaDbSqlLevelExecuteIsOneStatementAndItsReplayRunsItOnce() throws Exception {
      EmbeddedMariaDb server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      try {
         Database database = server.start();
         Capture capture;
         try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
            try (Connection c = database.connect(); Statement st = c.createStatement()) {
               st.execute("PREPARE s1 FROM 'SELECT ? + 1'");
               for (int i = 0; i < TRANSACTIONS; i++) {
                  st.execute("SET @a = " + i);
                  try (ResultSet rs = st.executeQuery("EXECUTE s1 USING @a")) {
                     rs.next();
                  }
               }
               st.execute("DEALLOCATE PREPARE s1");
            }
            Thread.sleep(300);
            log.stop();
            capture = log.read();
         }
         Profile profile = Profile.of(capture);
         // PREPARE, and each SET @a and the statement EXECUTE ran, once; DEALLOCATE is the driver's kind of chatter
         assertEquals(1 + 2 * TRANSACTIONS, profile.statements(), profile.shapes().toString());
         assertEquals(1 + 2 * TRANSACTIONS, profile.requests(), capture.statements().toString());
         List<String> replayed = Replay.of(capture, "mysql").requests().stream()
               .flatMap(r -> r.statements().stream()).map(TimedStatement::sql).toList();
         for (int i = 0; i < TRANSACTIONS; i++) {
            assertEquals(1, replayed.stream().filter(("SELECT " + i + " + 1")::equals).count(), replayed.toString());
         }
         assertEquals(0, replayed.stream().filter(sql -> sql.startsWith("EXECUTE")).count(), replayed.toString());
      } finally {
         server.close();
      }
   }
}
