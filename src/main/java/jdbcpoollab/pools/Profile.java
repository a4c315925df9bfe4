package jdbcpoollab.pools;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a pool library is configured beyond the lab's shape: as it comes, or as its own documentation recommends. A
 * library lists what it recommends ({@link PoolLibrary#recommended()}); a profile decides whether it is applied.
 */
public enum Profile {
   /** The library as it comes: only the shape (size, acquire timeout, the times a run asks for) is set. */
   DEFAULTS {
      @Override
      <C> void apply(List<Recommendation<C>> settings, C config, Dialect dialect) {
      }
   },
   /**
    * The shape, and every setting the library's own documentation recommends for the run's database product; one it
    * recommends for other products only ({@link Recommendation#products()}) is left out.
    */
   RECOMMENDED {
      @Override
      <C> void apply(List<Recommendation<C>> settings, C config, Dialect dialect) throws Exception {
         for (Recommendation<C> setting : settings) {
            if (setting.appliesTo(dialect)) {
               setting.applier().apply(config, dialect);
            }
         }
      }
   };

   /** Sets on {@code config} (a library's own configuration object) what this profile takes of {@code settings}. */
   abstract <C> void apply(List<Recommendation<C>> settings, C config, Dialect dialect) throws Exception;

   /** Its name in options and reports: {@code defaults}, {@code recommended}. */
   public String label() {
      return name().toLowerCase(Locale.ROOT);
   }

   public static List<String> names() {
      return Arrays.stream(values()).map(Profile::label).toList();
   }

   /** {@code -Dprofile}: a comma-separated list of profiles, each measured in turn, {@code defaults} when not given. */
   public static List<Profile> from(Options o) {
      return o.read(Declared.PROFILE.withDefault(List.of(DEFAULTS.label())).withAllowed(names())).stream()
            .map(name -> valueOf(name.toUpperCase(Locale.ROOT))).toList();
   }
}
