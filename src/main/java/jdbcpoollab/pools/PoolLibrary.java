package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

import java.util.List;

/**
 * A connection-pool library the lab can measure, or none. Adding one is one class implementing this and one line in
 * {@link PoolLibraries}.
 */
public interface PoolLibrary {

   /** Its name in options and reports, such as {@code hikari}; unique in a registry. */
   String name();

   /**
    * Opens a source of {@code shape} on {@code database}, ready for load: a pool comes back filled to its minimum.
    */
   ConnectionSource open(Database database, PoolShape shape) throws Exception;

   /**
    * What the library's own documentation or source recommends beyond its defaults, each setting with where it says
    * so; set only in {@link Profile#RECOMMENDED} ({@link PoolShape#profile()}). Empty: its defaults are what it
    * recommends.
    */
   default List<Recommendation<?>> recommended() {
      return List.of();
   }

   /** False for a source that opens a new physical connection per operation: it has no shape. */
   default boolean pooled() {
      return true;
   }

   /** How the settings describe a pool of this library whose minimum and maximum are both the pool size. */
   default String describeFixedSize() {
      return name() + " (min = max = pool)";
   }

   /**
    * Which of the library's settings a pool of {@link PoolShape#min()} to {@link PoolShape#max()} connections and
    * {@link PoolTimes} sets, and which of these times the library has no setting for.
    */
   default String describeTimes() {
      return name() + " (min, max; it has no idle timeout, lifetime or keepalive)";
   }
}
