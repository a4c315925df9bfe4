package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A pool library in one {@link Profile}: what a run measures when {@code -Dprofile} names more than the defaults. Its
 * name carries the profile ({@code agroal/recommended}) so that every step, table and summary says which one ran.
 */
final class Profiled implements PoolLibrary {
   private final PoolLibrary library;
   private final Profile profile;

   private Profiled(PoolLibrary library, Profile profile) {
      this.library = library;
      this.profile = profile;
   }

   /**
    * Every library in every profile, profiles inner ({@code agroal/defaults, agroal/recommended, c3p0/defaults, …}).
    * A run of the defaults alone measures the libraries as they are, under their own names.
    */
   static List<PoolLibrary> of(List<PoolLibrary> libraries, List<Profile> profiles) {
      if (profiles.equals(List.of(Profile.DEFAULTS))) {
         return libraries;
      }
      List<PoolLibrary> all = new ArrayList<>();
      for (PoolLibrary library : libraries) {
         if (!library.pooled()) {
            all.add(library);
            continue;
         }
         profiles.forEach(profile -> all.add(new Profiled(library, profile)));
      }
      return List.copyOf(all);
   }

   @Override
   public String name() {
      return library.name() + "/" + profile.label();
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      return library.open(database, shape.in(profile));
   }

   @Override
   public boolean pooled() {
      return library.pooled();
   }

   @Override
   public List<Recommendation<?>> recommended() {
      return library.recommended();
   }

   @Override
   public String describeFixedSize() {
      return name() + ": " + library.describeFixedSize() + settings();
   }

   @Override
   public String describeTimes() {
      return name() + ": " + library.describeTimes() + settings();
   }

   /** What the profile set beyond the shape, each with its source. */
   private String settings() {
      if (profile == Profile.DEFAULTS) {
         return "; nothing else set";
      }
      if (library.recommended().isEmpty()) {
         return "; its documentation recommends nothing beyond its defaults";
      }
      return "; " + library.recommended().stream().map(Recommendation::describe).collect(Collectors.joining("; "));
   }
}
