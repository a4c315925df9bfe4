package jdbcpoollab.capture;

import jdbcpoollab.db.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Traffic of a known shape from plain threads on two connections: autocommit point selects (prepared, their id a
 * bound parameter) at a fixed rate, and
 * transactions of three statements with a known pause between them at another. Each request's send time and each
 * transaction's held time are kept, as the client saw them.
 */
public final class TrafficOfKnownShape {
   public static final String SELECT = "SELECT v FROM cap_items WHERE id = ?";
   public static final String LOCK = "SELECT v FROM cap_items WHERE id = ? FOR UPDATE";
   public static final String UPDATE = "UPDATE cap_items SET v = v + ? WHERE id = ?";
   public static final String INSERT = "INSERT INTO cap_log (item, note) VALUES (?, ?)";
   final int selects;
   final int transactions;
   final long pauseMillis;
   final List<Long> sentNanos = Collections.synchronizedList(new ArrayList<>());
   /** Each transaction's time from sending its first statement to asking for its commit, as the client saw it. */
   public final List<Long> heldMicros = Collections.synchronizedList(new ArrayList<>());

   public TrafficOfKnownShape(int selects, int transactions, long pauseMillis) {
      this.selects = selects;
      this.transactions = transactions;
      this.pauseMillis = pauseMillis;
   }

   public static void prepare(Database database, String intType) throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("DROP TABLE IF EXISTS cap_items");
         st.execute("DROP TABLE IF EXISTS cap_log");
         st.execute("CREATE TABLE cap_items (id " + intType + " PRIMARY KEY, v " + intType + ")");
         st.execute("CREATE TABLE cap_log (item " + intType + ", note VARCHAR(40))");
         for (int i = 1; i <= 100; i++) {
            st.execute("INSERT INTO cap_items VALUES (" + i + ", 0)");
         }
      }
   }

   /** Sends it all over {@code seconds}, on connections opened now, and returns when the last request is done. */
   public void send(Database database, double seconds, List<String> chatter) throws Exception {
      long t0 = System.nanoTime() + 50_000_000L;
      Thread reads = new Thread(() -> run(database, c -> {
         try (Statement st = c.createStatement();
              PreparedStatement select = c.prepareStatement("SELECT v FROM cap_items WHERE id = ?")) {
            for (String sql : chatter) {
               st.execute(sql);
            }
            for (int i = 0; i < selects; i++) {
               at(t0 + (long) (i * seconds * 1e9 / selects));
               select.setInt(1, i % 100 + 1);
               select.executeQuery().close();
            }
         }
      }), "cap-selects");
      Thread writes = new Thread(() -> run(database, c -> {
         c.setAutoCommit(false);
         try (Statement st = c.createStatement()) {
            for (int i = 0; i < transactions; i++) {
               int id = i % 100 + 1;
               long start = at(t0 + (long) (i * seconds * 1e9 / transactions));
               st.executeQuery("SELECT v FROM cap_items WHERE id = " + id + " FOR UPDATE").close();
               Thread.sleep(pauseMillis);
               st.executeUpdate("UPDATE cap_items SET v = v + 1 WHERE id = " + id);
               Thread.sleep(pauseMillis);
               st.executeUpdate("INSERT INTO cap_log (item, note) VALUES (" + id + ", 'n" + i + "')");
               heldMicros.add((System.nanoTime() - start) / 1000);
               c.commit();
            }
         }
      }), "cap-transactions");
      reads.start();
      writes.start();
      reads.join();
      writes.join();
      if (sentNanos.size() != selects + transactions) {
         throw new IllegalStateException("sent " + sentNanos.size() + " of " + (selects + transactions));
      }
   }

   /** Requests per second as sent, from the first to the last. */
   public double sentRate() {
      List<Long> sorted = sentNanos.stream().sorted().toList();
      return (sorted.size() - 1) * 1e9 / (sorted.get(sorted.size() - 1) - sorted.get(0));
   }

   private long at(long nanos) {
      while (System.nanoTime() < nanos) {
         LockSupport.parkNanos(nanos - System.nanoTime());
      }
      long now = System.nanoTime();
      sentNanos.add(now);
      return now;
   }

   private interface Work {
      void on(Connection c) throws Exception;
   }

   private static void run(Database database, Work work) {
      try (Connection c = database.connect()) {
         work.on(c);
      } catch (Exception e) {
         throw new IllegalStateException(e);
      }
   }
}
