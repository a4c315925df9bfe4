package jdbcpoollab.pools;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.PerProduct;

import java.util.ArrayList;
import java.util.List;

/**
 * One setting a pool library's own documentation or source recommends, with where it says so, the database products
 * it says it for, and how it is set on the library's configuration object {@code C}.
 *
 * @param setting  the library's name for the setting, such as {@code exceptionSorter}
 * @param value    the value set, per database product where it differs
 * @param source   the page or source file that recommends it (URL, or repository and path)
 * @param products the products it is recommended for: on any other, {@link Profile#RECOMMENDED} leaves it out
 * @param applier  sets it on the library's configuration for the run's database product
 */
public record Recommendation<C>(String setting, String value, String source, PerProduct<Boolean> products,
                                Applier<C> applier) {
   /** Every product the lab speaks. */
   public static final PerProduct<Boolean> EVERY_PRODUCT = new PerProduct<>(true, true, true);
   /** PostgreSQL alone. */
   public static final PerProduct<Boolean> POSTGRESQL = new PerProduct<>(false, true, false);
   /** MySQL and MariaDB alone. */
   public static final PerProduct<Boolean> MYSQL = new PerProduct<>(true, false, false);

   public Recommendation {
      if (setting.isBlank() || value.isBlank() || source.isBlank()) {
         throw new IllegalArgumentException("a recommended setting names itself, its value and its source");
      }
      if (!products.mysql() && !products.postgresql() && !products.oracle()) {
         throw new IllegalArgumentException("a recommended setting is recommended for one product at least");
      }
   }

   /** A setting recommended whatever the database. */
   public Recommendation(String setting, String value, String source, Applier<C> applier) {
      this(setting, value, source, EVERY_PRODUCT, applier);
   }

   /** Sets a recommended setting on a library's configuration. */
   @FunctionalInterface
   public interface Applier<C> {
      void apply(C config, Dialect dialect) throws Exception;
   }

   /** True when it is recommended for the product {@code dialect} speaks. */
   public boolean appliesTo(Dialect dialect) {
      return dialect.pick(products);
   }

   /** How the settings record shows it: {@code setting = value [source]}, the products named when not all. */
   public String describe() {
      return setting + " = " + value + scope() + " [" + source + "]";
   }

   /** {@code " (on PostgreSQL only)"}, or nothing for a setting recommended on every product. */
   private String scope() {
      if (products.equals(EVERY_PRODUCT)) {
         return "";
      }
      List<String> names = new ArrayList<>();
      if (products.mysql()) {
         names.add("MySQL/MariaDB");
      }
      if (products.postgresql()) {
         names.add("PostgreSQL");
      }
      if (products.oracle()) {
         names.add("Oracle");
      }
      return " (on " + String.join(" and ", names) + " only)";
   }
}
