package jdbcpoollab.runoptions;

import jdbcpoollab.db.Driver;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.util.List;

/** PoolSweep's {@code -Ddriver}: the drivers each step is measured with. */
final class DriverOptions {
   private DriverOptions() {
   }

   /** The drivers of {@code -Ddriver}, in the order given; none when not given. */
   static List<Driver> drivers(Options o) {
      if (o.raw(Declared.DRIVER) == null) {
         return List.of();
      }
      return o.read(Declared.DRIVER.withAllowed(Drivers.DEFAULT.names())).stream()
            .map(name -> Drivers.DEFAULT.find(name).orElseThrow()).toList();
   }
}
