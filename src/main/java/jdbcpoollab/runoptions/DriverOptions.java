package jdbcpoollab.runoptions;

import jdbcpoollab.db.Driver;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.db.Target;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.List;

/** PoolSweep's {@code -Ddriver}: the drivers each step is measured with. */
final class DriverOptions {
   private DriverOptions() {
   }

   /** The drivers of {@code -Ddriver}, each one that speaks to the target's product; none when not given. */
   static List<Driver> drivers(Options o, Target target) {
      if (o.raw(Declared.DRIVER) == null) {
         return List.of();
      }
      List<Driver> drivers = o.read(Declared.DRIVER.withAllowed(Drivers.DEFAULT.names())).stream()
            .map(name -> Drivers.DEFAULT.find(name).orElseThrow()).toList();
      for (Driver driver : drivers) {
         if (!driver.fits(target.dialect())) {
            throw new OptionException("bad option -Ddriver=" + o.raw(Declared.DRIVER) + ": " + driver.name() + " ("
                  + driver.title() + ") speaks to " + driver.dialect() + " servers, and " + target
                  + " is " + target.dialect().name());
         }
      }
      return drivers;
   }
}
