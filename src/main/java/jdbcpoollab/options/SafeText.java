package jdbcpoollab.options;

import java.util.regex.Pattern;

/**
 * Text that becomes part of a step's or a request's name. Gatling writes those names into its report's inline
 * scripts without escaping them, so a name carries only letters, digits, spaces and a few marks that no HTML or
 * script reads as its own: never a quote, a backslash, an angle bracket or a brace.
 */
public final class SafeText {
   /** What a name may hold, as a refusal says it. */
   public static final String ALLOWED = "letters, digits, spaces and . _ - + * / : = , # @ % ( ) [ ]";
   private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9 ._+*/:=,#@%()\\[\\]-]*");

   private SafeText() {
   }

   public static boolean safe(String text) {
      return text != null && SAFE.matcher(text).matches();
   }

   /** {@code text} itself, or an IllegalArgumentException naming {@code what} and the allowed characters. */
   public static String require(String what, String text) {
      if (!safe(text)) {
         throw new IllegalArgumentException(what + " may hold only " + ALLOWED + ", as it names a step or request "
               + "in Gatling's report");
      }
      return text;
   }
}
