package jdbcpoollab.pools;

import java.util.List;

/**
 * One option of CpoolCompare, written {@code library:cmin:cmax:cincr} as in the reference experiment, or the bare
 * name of an unpooled library ({@code none}). {@code cincr} (open that many connections at a time when growing) is
 * kept for the record: neither HikariCP nor UCP has it (README).
 *
 * @param text    the option as written, its name in every table
 * @param library the pool library it names
 * @param cmin    connections opened before the run and kept (0 unpooled)
 * @param cmax    most connections the pool opens (0 unpooled)
 * @param cincr   the reference experiment's growth step, not applied
 */
public record SourceOption(String text, PoolLibrary library, int cmin, int cmax, int cincr) {
   static final int MAX_POOL = 1_000;

   /** @return the option, or null when {@code text} is not one of a library of {@code libraries} */
   public static SourceOption parse(String text, PoolLibraries libraries) {
      String[] parts = text.split(":", -1);
      PoolLibrary library = libraries.find(parts[0]).orElse(null);
      if (library == null) {
         return null;
      }
      if (!library.pooled()) {
         return parts.length == 1 ? new SourceOption(text, library, 0, 0, 0) : null;
      }
      if (parts.length != 3 && parts.length != 4) {
         return null;
      }
      try {
         int cmin = Integer.parseInt(parts[1]);
         int cmax = Integer.parseInt(parts[2]);
         int cincr = parts.length == 4 ? Integer.parseInt(parts[3]) : 1;
         boolean valid = cmin >= 0 && cmin <= cmax && cmax >= 1 && cmax <= MAX_POOL && cincr >= 1;
         return valid ? new SourceOption(text, library, cmin, cmax, cincr) : null;
      } catch (NumberFormatException e) {
         return null;
      }
   }

   /** What a list of options may hold, naming every library of {@code libraries}. */
   public static String allowed(PoolLibraries libraries) {
      List<String> forms = libraries.all().stream()
            .map(l -> l.pooled() ? l.name() + ":cmin:cmax[:cincr]" : l.name()).toList();
      String listed = forms.size() == 1 ? forms.get(0)
            : String.join(", ", forms.subList(0, forms.size() - 1)) + " or " + forms.get(forms.size() - 1);
      return "a comma-separated list of " + listed + ", each once, with 0 <= cmin <= cmax, 1 <= cmax <= " + MAX_POOL
            + ", cincr >= 1";
   }

   public boolean pooled() {
      return library.pooled();
   }

   /** The shape of this option's pool, named {@code poolName}. */
   public PoolShape shape(String poolName, long acquireTimeoutMs) {
      return new PoolShape(poolName, cmin, cmax, acquireTimeoutMs);
   }
}
