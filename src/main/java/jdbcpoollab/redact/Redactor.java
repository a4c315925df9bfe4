package jdbcpoollab.redact;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Removes passwords from anything that may be printed or written. Besides the passwords URLs carry, it masks every
 * password it has been told about ({@link #secret}), wherever it appears: log lines go through it too
 * ({@link RedactingConverter}).
 */
public final class Redactor {
   private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password|pwd)=([^&;)\\s]*)");
   /** {@code //user:password@host}; the password may hold an {@code @}: the last one before the path ends it. */
   private static final Pattern USER_INFO = Pattern.compile("(//[^/@:\\s]*):([^/\\s]*)@");
   /** Oracle's {@code user/password@}, the password possibly quoted and then holding an {@code @}. */
   private static final Pattern ORACLE_USER_PASS =
         Pattern.compile("(?i)(jdbc:oracle:[a-z]+:)([^/@:\\s]+)/(\"[^\"]*\"|[^@\\s]*)@");
   private static final String MASK = "***";
   private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

   private Redactor() {
   }

   /** Remembers a password, so that no text leaving the lab shows it. */
   public static void secret(String password) {
      if (password != null && !password.isEmpty()) {
         SECRETS.add(password);
      }
   }

   /** A JDBC URL without the password it may carry (query parameter, user info or Oracle's user/password@). */
   public static String url(String url) {
      if (url == null) {
         return null;
      }
      String s = URL_PASSWORD.matcher(url).replaceAll("$1=" + MASK);
      s = USER_INFO.matcher(s).replaceAll("$1:" + MASK + "@");
      return ORACLE_USER_PASS.matcher(s).replaceAll("$1$2/" + MASK + "@");
   }

   /** Any text, with URL passwords and every remembered password masked. */
   public static String text(String text) {
      if (text == null) {
         return null;
      }
      String s = url(text);
      for (String secret : SECRETS) {
         s = s.replace(secret, MASK);
      }
      return s;
   }

   /** Any text, with URL passwords, every remembered password and the given one masked. */
   public static String text(String text, String password) {
      String s = text(text);
      if (s != null && password != null && !password.isEmpty()) {
         s = s.replace(password, MASK);
      }
      return s;
   }
}
