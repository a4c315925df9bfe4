package jdbcpoollab.pools;

import java.util.List;

/**
 * One option of CpoolCompare, written {@code source:cmin:cmax:cincr} as in the reference experiment, or {@code none}.
 * {@code cincr} (open that many connections at a time when growing) is kept for the record: neither HikariCP nor UCP
 * has it (README).
 *
 * @param text  the option as written, its name in every table
 * @param kind  hikari, ucp or none
 * @param cmin  connections opened before the run and kept (0 for none)
 * @param cmax  most connections the pool opens (0 for none)
 * @param cincr the reference experiment's growth step, not applied
 */
public record SourceOption(String text, String kind, int cmin, int cmax, int cincr) {
   public static final List<String> KINDS = List.of("hikari", "ucp", "none");
   static final int MAX_POOL = 1_000;
   public static final String ALLOWED = "a comma-separated list of hikari:cmin:cmax[:cincr], ucp:cmin:cmax[:cincr] or none,"
         + " each once, with 0 <= cmin <= cmax, 1 <= cmax <= " + MAX_POOL + ", cincr >= 1";

   /** @return the option, or null when {@code text} is not one */
   public static SourceOption parse(String text) {
      String[] parts = text.split(":", -1);
      if (parts.length == 1 && parts[0].equals("none")) {
         return new SourceOption(text, "none", 0, 0, 0);
      }
      if ((parts.length != 3 && parts.length != 4) || !KINDS.contains(parts[0]) || parts[0].equals("none")) {
         return null;
      }
      try {
         int cmin = Integer.parseInt(parts[1]);
         int cmax = Integer.parseInt(parts[2]);
         int cincr = parts.length == 4 ? Integer.parseInt(parts[3]) : 1;
         boolean valid = cmin >= 0 && cmin <= cmax && cmax >= 1 && cmax <= MAX_POOL && cincr >= 1;
         return valid ? new SourceOption(text, parts[0], cmin, cmax, cincr) : null;
      } catch (NumberFormatException e) {
         return null;
      }
   }

   public boolean pooled() {
      return !kind.equals("none");
   }
}
