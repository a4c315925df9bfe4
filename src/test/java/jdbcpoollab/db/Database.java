package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** The database under test: where it is, who to log in as, and which dialect it speaks. */
public final class Database {
   private final String url;
   private final String user;
   private final String password;
   private final Dialect dialect;
   private volatile String productVersion = "unknown";

   public Database(String url, String user, String password) {
      this.url = url;
      this.user = user;
      this.password = password == null ? "" : password;
      this.dialect = Dialect.forUrl(url);
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
