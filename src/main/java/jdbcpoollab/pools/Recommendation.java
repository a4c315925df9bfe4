package jdbcpoollab.pools;

import jdbcpoollab.db.Dialect;

/**
 * One setting a pool library's own documentation or source recommends, with where it says so, and how it is set on
 * the library's configuration object {@code C}.
 *
 * @param setting the library's name for the setting, such as {@code exceptionSorter}
 * @param value   the value set, per database product where it differs
 * @param source  the page or source file that recommends it (URL, or repository and path)
 * @param applier sets it on the library's configuration for the run's database product
 */
public record Recommendation<C>(String setting, String value, String source, Applier<C> applier) {

   public Recommendation {
      if (setting.isBlank() || value.isBlank() || source.isBlank()) {
         throw new IllegalArgumentException("a recommended setting names itself, its value and its source");
      }
   }

   /** Sets a recommended setting on a library's configuration. */
   @FunctionalInterface
   public interface Applier<C> {
      void apply(C config, Dialect dialect) throws Exception;
   }

   /** How the settings record shows it: {@code setting = value [source]}. */
   public String describe() {
      return setting + " = " + value + " [" + source + "]";
   }
}
