package jdbcpoollab.pools;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.AgroalDataSourceListener;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ConnectionValidator;
import io.agroal.api.configuration.supplier.AgroalConnectionPoolConfigurationSupplier;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.exceptionsorter.MySQLExceptionSorter;
import io.agroal.api.exceptionsorter.OracleExceptionSorter;
import io.agroal.api.exceptionsorter.PostgreSQLExceptionSorter;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.db.PerProduct;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agroal (the pool of Quarkus and WildFly): initialSize = minSize = maxSize = pool, acquisitionTimeout the acquire
 * timeout. As it comes it has no exception sorter and no validator: a broken connection goes back to the pool. A
 * keepalive is its default validator ({@code isValid}) run on idle connections in the background that often.
 */
final class Agroal implements PoolLibrary {
   private static final String QUARKUS = "github.com/quarkusio/quarkus extensions/jdbc/jdbc-{mysql,mariadb,postgresql}"
         + "/runtime/src/main/java/io/quarkus/jdbc/*/runtime/*AgroalConnectionConfigurer.java";

   private static final String DATA_SOURCES = "github.com/quarkusio/quarkus extensions/agroal/runtime/src/main/java/"
         + "io/quarkus/agroal/runtime/DataSources.java";
   private static final String GUIDE = "https://quarkus.io/guides/datasource";

   /**
    * What Quarkus, Agroal's most common user, sets on every Agroal pool of these products: its exception sorters, the
    * default validator, background validation every 2 min and idle removal every 5 min (its defaults of
    * background-validation-interval and idle-removal-interval), the last two unless a run names its own times.
    */
   private static final List<Recommendation<AgroalConnectionPoolConfigurationSupplier>> RECOMMENDED = List.of(
         new Recommendation<>("exceptionSorter",
               "MySQLExceptionSorter (PostgreSQLExceptionSorter, OracleExceptionSorter)", QUARKUS,
               (pool, dialect) -> pool.exceptionSorter(dialect.pick(new PerProduct<>(
                     new MySQLExceptionSorter(), new PostgreSQLExceptionSorter(), new OracleExceptionSorter())))),
         new Recommendation<>("connectionValidator", "defaultValidator (isValid)", DATA_SOURCES,
               (pool, dialect) -> pool.connectionValidator(ConnectionValidator.defaultValidator())),
         new Recommendation<>("validationTimeout", "2 min (background validation of idle connections)",
               GUIDE + " (quarkus.datasource.jdbc.background-validation-interval, default 2M)",
               (pool, dialect) -> pool.validationTimeout(Duration.ofMinutes(2))),
         new Recommendation<>("reapTimeout", "5 min (removal of connections idle above minSize)",
               GUIDE + " (quarkus.datasource.jdbc.idle-removal-interval, default 5M; " + DATA_SOURCES
                     + " sets it as reapTimeout)",
               (pool, dialect) -> pool.reapTimeout(Duration.ofMinutes(5))));

   @Override
   public String name() {
      return "agroal";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      PoolTimes times = shape.times();
      AgroalDataSourceConfigurationSupplier config = new AgroalDataSourceConfigurationSupplier();
      AgroalConnectionPoolConfigurationSupplier pool = config.connectionPoolConfiguration()
            .initialSize(shape.min())
            .minSize(shape.min())
            .maxSize(shape.max())
            .acquisitionTimeout(Duration.ofMillis(shape.acquireTimeoutMs()))
            .maxLifetime(Duration.ofMillis(times.maxLifetimeMs()))
            .connectionFactoryConfiguration(factory -> factory
                  .jdbcUrl(database.url())
                  .principal(database.user() == null ? null : new NamePrincipal(database.user()))
                  .credential(new SimplePassword(database.password())));
      shape.profile().apply(RECOMMENDED, pool, database.dialect());
      if (times.idleTimeoutMs() > 0) {
         pool.reapTimeout(Duration.ofMillis(times.idleTimeoutMs()));
      }
      if (times.keepaliveMs() > 0) {
         pool.connectionValidator(ConnectionValidator.defaultValidator())
               .validationTimeout(Duration.ofMillis(times.keepaliveMs()));
      }
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
   public List<Recommendation<?>> recommended() {
      return List.copyOf(RECOMMENDED);
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
