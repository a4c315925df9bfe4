package jdbcpoollab.workloads;

import io.gatling.core.Predef$;
import io.gatling.core.config.GatlingConfiguration$;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.FeederBuilder;
import scala.jdk.javaapi.CollectionConverters;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The records a workload's requests bind their parameters from, shared by every user of the run as Gatling shares a
 * feeder: Gatling's own ({@code csv("ids.csv").random()}, {@code jsonFile(…)}, {@code .circular()}, {@code .queue()})
 * or any iterator of records. A feeder with no rows is refused at once; one that runs dry ({@code queue}) hands out
 * null.
 */
public final class Feed {
   private final String name;
   private final Iterator<Map<String, Object>> records;
   private final Set<String> columns;
   private final boolean drains;
   private Map<String, Object> first;
   private boolean dry;

   private Feed(String name, Iterator<Map<String, Object>> records, boolean drains) {
      if (!records.hasNext()) {
         throw new IllegalArgumentException("the feeder " + name + " has no rows");
      }
      this.name = name;
      this.records = records;
      this.drains = drains;
      first = records.next();
      columns = Set.copyOf(first.keySet());
   }

   /** A Gatling feeder, with the strategy it was given ({@code random}, {@code circular}, {@code queue}, …). */
   public static Feed of(String name, FeederBuilder<?> feeder) {
      return of(name, records(feeder));
   }

   private static Iterator<Map<String, Object>> records(FeederBuilder<?> feeder) {
      Iterator<scala.collection.immutable.Map<String, Object>> scala = CollectionConverters.asJava(
            feeder.asScala().apply());
      return new Iterator<>() {
         @Override
         public boolean hasNext() {
            return scala.hasNext();
         }

         @Override
         public Map<String, Object> next() {
            return CollectionConverters.asJava(scala.next());
         }
      };
   }

   /**
    * Gatling's CSV feeder of {@code file} with {@code strategy} ({@code random}, {@code circular} or {@code queue}),
    * made outside a simulation too. Gatling looks the path up on the classpath first, then as a file, and refuses an
    * absolute one into the classpath (give it relative to src/test/resources).
    */
   public static Feed csv(String name, Path file, String strategy) {
      configureGatling();
      FeederBuilder.FileBased<String> csv = CoreDsl.csv(file.toString());
      if (csv.recordsCount() == 0) {
         // Gatling's random strategy would draw from none: "bound must be positive"
         throw new IllegalArgumentException("the feeder " + name + " has no rows: a header line only");
      }
      return new Feed(name, records(switch (strategy) {
         case "circular" -> csv.circular();
         case "queue" -> csv.queue();
         default -> csv.random();
      }), strategy.equals("queue"));
   }

   /**
    * Loads Gatling's configuration when Gatling has not (a simulation made before Gatling starts it, as the lab's
    * preflight does): Gatling's feeders read it as they are made.
    */
   public static void configureGatling() {
      if (Predef$.MODULE$._configuration() == null) {
         Predef$.MODULE$._configuration_$eq(GatlingConfiguration$.MODULE$.load());
      }
   }

   /** Any iterator of records; its first record's keys are the columns the statements may name. */
   public static Feed of(String name, Iterator<Map<String, Object>> records) {
      return new Feed(name, records, false);
   }

   /** A feeder that gives no parameters, for a workload whose statements take none. */
   public static Feed none() {
      return always("none", Map.of());
   }

   /** A feeder that gives {@code record} every time and never runs dry. */
   static Feed always(String name, Map<String, Object> record) {
      return new Feed(name, Stream.generate(() -> record).iterator(), false);
   }

   /** True when it hands out each record once ({@code queue}): running more operations than measured uses it up. */
   public boolean drains() {
      return drains;
   }

   public String name() {
      return name;
   }

   /** The columns of its first record. */
   public Set<String> columns() {
      return columns;
   }

   /** The next record, or null once it has run dry. */
   public synchronized Map<String, Object> next() {
      if (first != null) {
         Map<String, Object> record = first;
         first = null;
         return record;
      }
      if (dry || !records.hasNext()) {
         dry = true;
         return null;
      }
      return records.next();
   }
}
