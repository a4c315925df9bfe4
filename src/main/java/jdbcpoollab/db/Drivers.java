package jdbcpoollab.db;

import java.util.List;
import java.util.Optional;

/** The JDBC drivers a run can choose between, one line each; a product not listed keeps its URL's own driver. */
public final class Drivers {
   public static final Drivers DEFAULT = new Drivers(List.of(
         new Driver("mysql", "jdbc:mysql:", "mysql", "MySQL Connector/J"),
         new Driver("mariadb", "jdbc:mariadb:", "mysql", "MariaDB Connector/J")));

   private final List<Driver> drivers;

   public Drivers(List<Driver> drivers) {
      if (drivers.stream().map(Driver::name).distinct().count() != drivers.size()) {
         throw new IllegalArgumentException("driver names must be unique");
      }
      this.drivers = List.copyOf(drivers);
   }

   public List<String> names() {
      return drivers.stream().map(Driver::name).toList();
   }

   public Optional<Driver> find(String name) {
      return drivers.stream().filter(d -> d.name().equals(name)).findFirst();
   }

   /** The driver a URL names by its scheme, if it is one of these. */
   public Optional<Driver> of(String url) {
      return url == null ? Optional.empty() : drivers.stream().filter(d -> url.startsWith(d.scheme())).findFirst();
   }
}
