package jdbcpoollab.pools;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A pool library's own DataSource as the lab's connection source: connections come from it, and closing the source
 * closes the pool the way that library closes it.
 */
record DataSourcePool(DataSource dataSource, Runnable closer) implements ConnectionSource {

   @Override
   public Connection getConnection() throws SQLException {
      return dataSource.getConnection();
   }

   @Override
   public void close() {
      closer.run();
   }
}
