package jdbcpoollab.pools;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.AgroalDataSourceListener;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ConnectionValidator;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agroal (the pool of Quarkus and WildFly): initialSize = minSize = maxSize = pool, acquisitionTimeout the acquire
 * timeout, and its default validator ({@code isValid}) run on idle connections in the background every 30 s.
 */
final class Agroal implements PoolLibrary {

   @Override
   public String name() {
      return "agroal";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      PoolTimes times = shape.times();
      AgroalDataSourceConfigurationSupplier config = new AgroalDataSourceConfigurationSupplier()
            .connectionPoolConfiguration(pool -> pool
                  .initialSize(shape.min())
                  .minSize(shape.min())
                  .maxSize(shape.max())
                  .acquisitionTimeout(Duration.ofMillis(shape.acquireTimeoutMs()))
                  .connectionValidator(ConnectionValidator.defaultValidator())
                  .validationTimeout(times.keepaliveMs() > 0 ? Duration.ofMillis(times.keepaliveMs())
                        : Duration.ofSeconds(30))
                  .reapTimeout(Duration.ofMillis(times.idleTimeoutMs()))
                  .maxLifetime(Duration.ofMillis(times.maxLifetimeMs()))
                  .connectionFactoryConfiguration(factory -> factory
                        .jdbcUrl(database.url())
                        .principal(database.user() == null ? null : new NamePrincipal(database.user()))
                        .credential(new SimplePassword(database.password()))));
      AtomicInteger pooled = new AtomicInteger();
      AgroalDataSource dataSource;
      try {
         dataSource = AgroalDataSource.from(config, new AgroalDataSourceListener() {
            @Override
            public void onConnectionPooled(Connection connection) {
               pooled.incrementAndGet();
            }

            @Override
            public void onConnectionDestroy(Connection connection) {
               pooled.decrementAndGet();
            }
         });
      } catch (RuntimeException e) {
         throw new SQLException(database.redact(ErrorMessages.rootMessage(e)), e);
      }
      ConnectionSource source = new DataSourcePool(dataSource, dataSource::close);
      try {
         PoolFill.await(shape.poolName(), pooled::get, shape.min(), shape.acquireTimeoutMs(), database);
      } catch (Exception e) {
         source.close();
         throw e;
      }
      return source;
   }

   @Override
   public String describeFixedSize() {
      return "agroal (initialSize = minSize = maxSize = pool)";
   }

   @Override
   public String describeTimes() {
      return "agroal (initialSize = minSize, maxSize, reapTimeout, maxLifetime; keepalive as the background"
            + " validationTimeout)";
   }

}
