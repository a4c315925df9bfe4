package jdbcpoollab.workloads;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.PoolSweepOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Adding a workload is one class and one registry line: a throwaway one, chosen by -Dworkloads, runs on a server. */
class WorkloadsTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   /** Inserts one row of {@code -DtouchNote} per operation, through the default {@link Workload#run}. */
   private record Touch(String statement, String note) implements Workload {
      @Override
      public String name() {
         return "touch";
      }

      @Override
      public Map<String, Object> settings() {
         return Map.of("touchNote", note);
      }
   }

   private static final class TouchType implements WorkloadType {
      @Override
      public String name() {
         return "touch";
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         String note = options.string("touchNote", "lab");
         return new Touch("INSERT INTO lab_touch (note) VALUES ('" + note + "')", note);
      }
   }

   @BeforeAll
   static void start() throws SQLException {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("DROP TABLE IF EXISTS lab_touch");
         st.execute("CREATE TABLE lab_touch (id INT AUTO_INCREMENT PRIMARY KEY, note VARCHAR(40))");
      }
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   private static Options options(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return new Options(p, Map.of());
   }

   @Test
   void aRegisteredTypeIsChosenByNameAndItsWorkloadRunsOnTheDatabase() throws SQLException {
      Workloads types = Workloads.DEFAULT.with(new TouchType());
      assertEquals(List.of("wait", "cpu", "point", "custom", "txn", "mix", "touch"), types.names());
      assertEquals(List.of("wait", "cpu", "point", "custom", "txn", "mix"), Workloads.DEFAULT.names(),
            "the default is left as it was");

      PoolSweepOptions o = PoolSweepOptions.from(options(Map.of("workloads", "touch, wait", "touchNote", "hello")),
            types);
      assertEquals(List.of("touch", "wait"), o.workloads().stream().map(Workload::name).toList());
      assertEquals(List.of("sleepMs", "rows", "hotRows", "holdMs", "touchNote"),
            List.copyOf(o.workloadSettings().keySet()));
      assertEquals("hello", o.workloadSettings().get("touchNote"));
      assertEquals(0, Workload.bigTableRows(o.workloads()));

      Workload touch = o.workloads().get(0);
      assertFalse(touch.usersOwn());
      try (Connection c = database.connect()) {
         touch.run(c);
         touch.run(c);
         assertEquals(2, count(c, "SELECT COUNT(*) FROM lab_touch WHERE note = 'hello'"));
      }
   }

   @Test
   void everyTypeReadsItsOptionsSoAMisspeltOneIsRefused() {
      Workloads types = Workloads.DEFAULT.with(new TouchType());
      Options options = options(Map.of("workloads", "wait", "touchNotes", "x"));
      PoolSweepOptions o = PoolSweepOptions.from(options, types);
      assertEquals("lab", o.workloadSettings().get("touchNote"), "a type not chosen still reads its options");
      String message = assertThrows(OptionException.class, () -> options.rejectUnknown("PoolSweep")).getMessage();
      assertTrue(message.startsWith("unknown option -DtouchNotes=x (did you mean -DtouchNote?)"), message);
   }

   @Test
   void theLabsWorkloadsRunTheirDialectsStatements() throws SQLException {
      PoolSweepOptions o = PoolSweepOptions.from(options(Map.of("workloads", "cpu,wait", "sleepMs", "40",
            "rows", "1000")));
      Workload cpu = o.workloads().get(0);
      Workload wait = o.workloads().get(1);
      assertEquals(1000, cpu.bigTableRows());
      assertEquals(1000, Workload.bigTableRows(o.workloads()));
      assertEquals(WaitWorkload.sql(database.dialect(), 40), wait.statement());
      assertEquals(Map.of("sleepMs", 40, "rows", 1000, "hotRows", 1000, "holdMs", 5), o.workloadSettings());
      try (Connection c = database.connect()) {
         long start = System.nanoTime();
         wait.run(c);
         assertTrue(System.nanoTime() - start >= 40_000_000L, "the server slept for sleepMs");
      }
   }

   @Test
   void thePointWorkloadLooksUpOneRowOfTheBigTableByItsPrimaryKey() throws SQLException {
      PoolSweepOptions o = PoolSweepOptions.from(options(Map.of("workloads", "point", "rows", "1000")));
      Workload point = o.workloads().get(0);
      assertEquals("SELECT payload FROM big WHERE id = ?", point.statement());
      assertEquals(1000, Workload.bigTableRows(o.workloads()), "the sweep creates the big table it reads");
      try (Connection c = database.connect()) {
         database.dialect().ensureBigTable(c, 1000);
         long keyReads = sessionStatus(c, "Handler_read_key");
         long rowsSent = sessionStatus(c, "Rows_sent");
         for (int i = 0; i < 20; i++) {
            point.run(c);
         }
         assertEquals(20, sessionStatus(c, "Handler_read_key") - keyReads, "one index lookup per operation");
         assertEquals(20, sessionStatus(c, "Rows_sent") - rowsSent, "each lookup found its row");
      }
   }

   private static long sessionStatus(Connection c, String name) throws SQLException {
      try (Statement st = c.createStatement();
           ResultSet rows = st.executeQuery("SHOW SESSION STATUS LIKE '" + name + "'")) {
         assertTrue(rows.next(), name);
         return rows.getLong(2);
      }
   }

   @Test
   void anUnknownWorkloadIsRefusedWithTheKnownNames() {
      Workloads types = Workloads.DEFAULT.with(new TouchType());
      String message = assertThrows(OptionException.class,
            () -> PoolSweepOptions.from(options(Map.of("workloads", "wait,nope")), types)).getMessage();
      assertEquals("bad option -Dworkloads=wait,nope: allowed is a comma-separated list of wait, cpu, point, custom,"
            + " txn, mix, touch, each once", message);
      assertThrows(OptionException.class, () -> PoolSweepOptions.from(options(Map.of("workloads", "touch"))),
            "a type not registered is not there");
      assertEquals("no workload nope: known are wait, cpu, point, custom, txn, mix",
            assertThrows(IllegalArgumentException.class, () -> Workloads.DEFAULT.named("nope")).getMessage());
      assertThrows(IllegalArgumentException.class, () -> Workloads.DEFAULT.with(new WaitWorkload.Type()),
            "names are unique");
   }

   private static long count(Connection c, String sql) throws SQLException {
      try (Statement st = c.createStatement(); ResultSet rows = st.executeQuery(sql)) {
         assertTrue(rows.next());
         return rows.getLong(1);
      }
   }
}
