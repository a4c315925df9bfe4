package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The database of one run: the embedded MariaDB it starts, or the one its URL names, and the round-trip proxies
 * opened in front of it. It opened them, so it alone closes them: {@link #close}, as often as the run ends.
 */
public final class RunDatabase implements AutoCloseable {
   private final Target target;
   private final int maxConnections;
   private final Map<Integer, RttProxy> proxies = new LinkedHashMap<>();
   private FaultProxy faults;
   private Map<String, String> serverOptions = Map.of();
   private volatile EmbeddedMariaDb embedded;
   private volatile Database database;
   private volatile ServerProcess serverProcess;

   /** @param maxConnections the embedded server's connection limit */
   public RunDatabase(Target target, int maxConnections) {
      this.target = target;
      this.maxConnections = maxConnections;
   }

   /** True when the run starts the embedded MariaDB; false for a server of the user's ({@code db.url}). */
   public boolean embedded() {
      return target.embedded();
   }

   /** Variables for the embedded server ({@code -Ddb.serverOption}, by name), given before {@link #start}. */
   public void serverOptions(Map<String, String> options) {
      serverOptions = Collections.unmodifiableMap(new LinkedHashMap<>(options));
   }

   public Map<String, String> serverOptions() {
      return serverOptions;
   }

   /** What the embedded server runs with, for each variable of {@link #serverOptions}; empty when none was given. */
   public Map<String, String> serverVariables(Connection connection) throws SQLException {
      return embedded == null || serverOptions.isEmpty() ? Map.of()
            : ServerOptions.inEffect(connection, serverOptions.keySet());
   }

   /**
    * Starts the embedded server, or names the database of the URL.
    *
    * @throws EmbeddedMariaDb.Busy     another run holds the embedded server's folder
    * @throws EmbeddedMariaDb.Refused  the server refuses one of its options
    * @throws IllegalStateException    the server cannot start
    */
   public Database start() {
      if (target.embedded()) {
         embedded = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), maxConnections,
               ServerOptions.arguments(serverOptions));
         database = embedded.start();
      } else {
         database = new Database(target.url(), target.user(), target.password());
      }
      return database;
   }

   /** @throws IllegalStateException before {@link #start} */
   public Database database() {
      if (database == null) {
         throw new IllegalStateException("the lab has not started");
      }
      return database;
   }

   /**
    * The database as seen across a network with the given round trip: through a latency-injecting proxy on
    * loopback, opened on first use and closed with the run; the database itself for 0.
    */
   public Database database(int rttMs) {
      Database direct = database();
      if (rttMs == 0) {
         return direct;
      }
      synchronized (proxies) {
         return proxies.computeIfAbsent(rttMs, rtt -> RttProxy.open(rtt, direct.host(), direct.port())).in(direct);
      }
   }

   /** The proxy that makes the database unreachable (Outage): opened on first use, closed with the run. */
   public FaultProxy faultProxy() {
      Database direct = database();
      synchronized (proxies) {
         if (faults == null) {
            faults = FaultProxy.open(direct.host(), direct.port());
         }
         return faults;
      }
   }

   /** What the server is doing, for a step to sample: the embedded server's process CPU, else its count. */
   public ServerActivity activity() {
      EmbeddedMariaDb db = embedded;
      return ServerActivity.of(database(), db != null ? db.pid() : OptionalLong.empty());
   }

   /** The database server's process on this machine, looked for once (the embedded server's, or by its port). */
   public ServerProcess serverProcess() {
      ServerProcess found = serverProcess;
      if (found == null) {
         EmbeddedMariaDb db = embedded;
         found = ServerProcess.of(database, db != null ? db.pid() : OptionalLong.empty());
         serverProcess = found;
      }
      return found;
   }

   /** Masks the database's password (once known) and any other secret in a text. */
   public String redact(String text) {
      Database db = database;
      return db != null ? db.redact(text) : Redactor.text(text);
   }

   /** Closes the proxies, then stops the embedded server; again does nothing. */
   @Override
   public void close() {
      List<RttProxy> open;
      FaultProxy faulty;
      synchronized (proxies) {
         open = new ArrayList<>(proxies.values());
         proxies.clear();
         faulty = faults;
         faults = null;
      }
      open.forEach(RttProxy::close);
      if (faulty != null) {
         faulty.close();
      }
      EmbeddedMariaDb db = embedded;
      if (db != null) {
         db.close();
      }
   }
}
