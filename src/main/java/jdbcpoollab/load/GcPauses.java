package jdbcpoollab.load;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The JVM's garbage-collection pauses so far, by its own count over its collectors. A collector that also reports its
 * concurrent work as a bean of its own (ZGC's and Shenandoah's cycles, G1's concurrent GC from Java 20) is left out:
 * that work runs beside the load, it does not stop it.
 */
final class GcPauses {
   private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans().stream()
         .filter(c -> !c.getName().contains("Cycles") && !c.getName().contains("Concurrent")).toList();

   private GcPauses() {
   }

   /** How many pauses since the JVM started. */
   static long count() {
      return PAUSING.stream().mapToLong(c -> Math.max(0, c.getCollectionCount())).sum();
   }

   /** Their time since the JVM started, ms. */
   static long millis() {
      return PAUSING.stream().mapToLong(c -> Math.max(0, c.getCollectionTime())).sum();
   }
}
