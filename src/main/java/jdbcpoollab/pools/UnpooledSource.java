package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

import java.sql.Connection;
import java.sql.SQLException;

/** No pool: every getConnection() opens a new physical connection, and closing it ends it. */
public final class UnpooledSource implements ConnectionSource {
   private final Database database;

   public UnpooledSource(Database database) {
      this.database = database;
   }

   @Override
   public Connection getConnection() throws SQLException {
      return database.connect();
   }

   @Override
   public void close() {
      // every connection was closed by its user
   }
}
