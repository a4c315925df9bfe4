package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The database under test: where it is, who to log in as, and which dialect it speaks. */
public final class Database {
   /** Where a URL names its server: {@code (host=…)(port=…)}, {@code //[user[:password]@]host[:port]}, {@code @host:port}. */
   private static final List<Pattern> ADDRESS = List.of(
         Pattern.compile("(?i)\\(host=([^)]+)\\).*?\\(port=(\\d+)\\)"),
         Pattern.compile("//(?:[^/?;]*@)?(\\[[^]]+]|[^/:?;,]+)(?::(\\d+))?"),
         Pattern.compile("@([^:/@()]+):(\\d+)"));

   private final String url;
   private final String user;
   private final String password;
   private final Dialect dialect;
   private volatile String productVersion = "unknown";

   public Database(String url, String user, String password) {
      this.url = url;
      this.user = user;
      this.password = password == null ? "" : password;
      this.dialect = Dialects.forUrl(url);
      Redactor.secret(password);
   }

   /**
    * This database reached through {@code driver}: the URL's scheme replaced by the driver's, the rest (address,
    * schema, options) kept. The caller has checked that the driver fits the product ({@link Driver#fits}).
    */
   public Database through(Driver driver) {
      Driver current = Drivers.DEFAULT.of(url).orElseThrow(() -> new IllegalArgumentException(
            "the URL " + safeUrl() + " names none of the drivers " + String.join(", ", Drivers.DEFAULT.names())));
      return current.equals(driver) ? this
            : sameServer(new Database(driver.scheme() + url.substring(current.scheme().length()), user, password));
   }

   /** This database with {@code props} in its URL's query, for every connection made to it. */
   public Database with(DriverProps props) {
      return props.values().isEmpty() ? this : sameServer(new Database(props.apply(url), user, password));
   }

   /**
    * This database with every connection a read-only session at the server, whatever pool library opens it and
    * whatever the statement's text: its product's session setting in the URL ({@link Dialect#readOnlySession}), the
    * URL's own values of it kept. Itself for a product without read-only sessions (Oracle), whose operations each
    * run in a read-only transaction instead ({@link Dialect#readOnlySessions}). Call it on the database as the steps
    * reach it, its driver properties added, after {@link #describeServer}: the setting's name may depend on the
    * server's version.
    */
   public Database readOnly() {
      return dialect.readOnlySessions() ? with(dialect.readOnlySession(url, productVersion)) : this;
   }

   /** {@code other}, another way to this database's server, knowing its version too. */
   private Database sameServer(Database other) {
      other.productVersion = productVersion;
      return other;
   }

   public String url() {
      return url;
   }

   public String user() {
      return user;
   }

   public String password() {
      return password;
   }

   public Dialect dialect() {
      return dialect;
   }

   /** The URL as it may be printed. */
   public String safeUrl() {
      return Redactor.text(url, password);
   }

   /** Masks this database's password in a message that may quote it. */
   public String redact(String text) {
      return Redactor.text(text, password);
   }

   /** Where the server is, as {@code host:port} (just the host when the URL names no port), for messages. */
   public String address() {
      for (Pattern address : ADDRESS) {
         Matcher m = address.matcher(url);
         if (m.find()) {
            return m.group(2) == null ? m.group(1) : m.group(1) + ":" + m.group(2);
         }
      }
      return safeUrl();
   }

   /**
    * A new physical connection that must be made within the given time, whatever the driver's own timeouts: a
    * server that does not answer at all is reported instead of waited for.
    */
   public Connection connect(Duration within) throws SQLException {
      CompletableFuture<Connection> attempt = new CompletableFuture<>();
      Thread connector = new Thread(() -> {
         try {
            Connection c = connect();
            if (!attempt.complete(c)) {
               c.close();
            }
         } catch (SQLException | RuntimeException e) {
            attempt.completeExceptionally(e);
         }
      }, "lab-connect");
      connector.setDaemon(true);
      connector.start();
      try {
         return attempt.get(within.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
         attempt.cancel(false);
         throw new SQLTimeoutException("no answer within " + within.toSeconds() + " s");
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new SQLException("interrupted while connecting", e);
      } catch (ExecutionException e) {
         if (e.getCause() instanceof SQLException sql) {
            throw sql;
         }
         throw new SQLException(e.getCause().getMessage(), e.getCause());
      }
   }

   /**
    * The same database at another address ({@code host:port}), such as a proxy in front of it; the URL must name its
    * server's port.
    */
   public Database via(String hostPort) {
      String address = address();
      if (!address.contains(":") || !url.contains(address)) {
         throw new IllegalArgumentException("the database URL names no host:port to reach through a proxy: "
               + safeUrl());
      }
      return sameServer(new Database(url.replaceFirst(Pattern.quote(address), Matcher.quoteReplacement(hostPort)),
            user, password));
   }

   /** The server's host, as the URL names it. */
   public String host() {
      String address = address();
      int colon = address.lastIndexOf(':');
      return colon < 0 ? address : address.substring(0, colon);
   }

   /** The server's port, as the URL names it; -1 when it names none. */
   public int port() {
      String address = address();
      int colon = address.lastIndexOf(':');
      try {
         return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1));
      } catch (NumberFormatException e) {
         return -1;
      }
   }

   /** A new physical connection, bypassing any pool. */
   public Connection connect() throws SQLException {
      Properties props = new Properties();
      if (user != null) {
         props.setProperty("user", user);
      }
      props.setProperty("password", password);
      return DriverManager.getConnection(url, props);
   }

   /** Reads product and version from the server, for the report. */
   public String describeServer(Connection connection) throws SQLException {
      productVersion = dialect.describeServer(connection);
      return productVersion;
   }

   /** The JDBC driver's name and version, for the report. */
   public static String describeDriver(Connection connection) throws SQLException {
      DatabaseMetaData meta = connection.getMetaData();
      return meta.getDriverName() + " " + meta.getDriverVersion();
   }

   public String productVersion() {
      return productVersion;
   }
}
