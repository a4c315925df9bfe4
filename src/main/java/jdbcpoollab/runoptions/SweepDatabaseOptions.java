package jdbcpoollab.runoptions;

import jdbcpoollab.db.Driver;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.db.Target;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PoolSweep's options of the database side: the drivers ({@code -Ddriver}) and the sets of driver properties
 * ({@code -Ddriver.props}) each step is measured with, how the settings describe the sets, and the server's cores
 * ({@code -Ddb.cores}).
 */
final class SweepDatabaseOptions {
   private SweepDatabaseOptions() {
   }

   /** The drivers of {@code -Ddriver}, in the order given; none when not given. */
   static List<Driver> drivers(Options o) {
      if (o.raw(Declared.DRIVER) == null) {
         return List.of();
      }
      return o.read(Declared.DRIVER.withAllowed(Drivers.DEFAULT.names())).stream()
            .map(name -> Drivers.DEFAULT.find(name).orElseThrow()).toList();
   }

   /** The sets of {@code -Ddriver.props}; none when not given. */
   static List<DriverProps> props(Options o) {
      String raw = o.read(Declared.DRIVER_PROPS);
      try {
         return raw == null ? List.of() : DriverProps.parse(raw);
      } catch (IllegalArgumentException e) {
         throw new OptionException("bad option -Ddriver.props: " + e.getMessage());
      }
   }

   /** The server's cores: {@code -Ddb.cores} when given, else the machine's for the embedded server, else null. */
   static Integer cores(Options o, Target target) {
      int given = o.read(Declared.DB_CORES);
      return given > 0 ? Integer.valueOf(given)
            : target.embedded() ? Integer.valueOf(Runtime.getRuntime().availableProcessors()) : null;
   }

   /**
    * Puts into {@code settings} each set of {@code -Ddriver.props} as the settings show it, and what each of
    * {@code drivers} (the target's own when none) ignores of it (the properties it does not know), by set and driver.
    */
   static void describe(List<DriverProps> sets, List<Driver> drivers, Target target, Map<String, Object> settings) {
      if (sets.isEmpty()) {
         return;
      }
      Map<String, String> described = new LinkedHashMap<>();
      Map<String, List<String>> ignored = new LinkedHashMap<>();
      List<String> urls = drivers.isEmpty() ? List.of(ownDriverUrl(target))
            : drivers.stream().map(d -> d.scheme() + "//127.0.0.1/lab").toList();
      for (DriverProps props : sets) {
         described.put(props.label(), props.describe());
         for (String url : urls) {
            List<String> unknown = props.ignoredBy(url);
            String driver = Drivers.DEFAULT.of(url).map(Driver::title).orElse(target.dialect().name());
            if (!unknown.isEmpty()) {
               ignored.put(props.label() + " with " + driver, unknown);
            }
         }
      }
      settings.put("driverProps", described);
      if (!ignored.isEmpty()) {
         settings.put("driverPropsIgnored", ignored);
      }
   }

   /** A URL of the target's own driver: the embedded server's, or the one given. */
   private static String ownDriverUrl(Target target) {
      return target.embedded() ? "jdbc:mysql://127.0.0.1/lab" : target.url();
   }
}
