package jdbcpoollab.pools;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The pool libraries a run can name, one line each. */
public final class PoolLibraries {
   public static final PoolLibraries DEFAULT = new PoolLibraries(List.of(
         new HikariCp(),
         new OracleUcp(),
         new CommonsDbcp2(),
         new Agroal(),
         new Vibur(),
         new C3p0(),
         new TomcatJdbc(),
         new NoPool()));

   private final List<PoolLibrary> libraries;

   public PoolLibraries(List<PoolLibrary> libraries) {
      if (libraries.stream().map(PoolLibrary::name).distinct().count() != libraries.size()) {
         throw new IllegalArgumentException("pool library names must be unique: " + names(libraries));
      }
      this.libraries = List.copyOf(libraries);
   }

   /** These libraries and {@code library} after them. */
   public PoolLibraries with(PoolLibrary library) {
      List<PoolLibrary> all = new ArrayList<>(libraries);
      all.add(library);
      return new PoolLibraries(all);
   }

   /**
    * These libraries with c3p0's {@code numHelperThreads} set to {@code threads}; 0 keeps its own (3), and these
    * libraries as they are.
    */
   public PoolLibraries withC3p0HelperThreads(int threads) {
      if (threads == 0) {
         return this;
      }
      C3p0 c3p0 = new C3p0(threads);
      return new PoolLibraries(libraries.stream().map(l -> l.name().equals(c3p0.name()) ? c3p0 : l).toList());
   }

   public List<PoolLibrary> all() {
      return libraries;
   }

   public List<String> names() {
      return names(libraries);
   }

   public Optional<PoolLibrary> find(String name) {
      return libraries.stream().filter(l -> l.name().equals(name)).findFirst();
   }

   /** The library called {@code name}; an unknown name is refused with the known ones. */
   public PoolLibrary named(String name) {
      return find(name).orElseThrow(() -> new IllegalArgumentException(
            "no pool library " + name + ": known are " + String.join(", ", names())));
   }

   /**
    * {@code libraries} in each of {@code profiles} in turn, as {@code -Dprofile} multiplies {@code -Dsource}: named
    * {@code agroal/recommended} unless the run measures the defaults alone.
    */
   public static List<PoolLibrary> profiled(List<PoolLibrary> libraries, List<Profile> profiles) {
      return Profiled.of(libraries, profiles);
   }

   private static List<String> names(List<PoolLibrary> libraries) {
      return libraries.stream().map(PoolLibrary::name).toList();
   }
}
