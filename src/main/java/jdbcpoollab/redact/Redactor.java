package jdbcpoollab.redact;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes passwords from anything that may be printed or written. Besides the passwords URLs carry, it masks every
 * password it has been told about ({@link #secret}) wherever it stands as a value: log lines go through it too
 * ({@link RedactingConverter}).
 */
public final class Redactor {
   private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password|pwd)=([^&;)\\s]*)");
   /** {@code //user:password@host}; the password may hold an {@code @}: the last one before the path ends it. */
   private static final Pattern USER_INFO = Pattern.compile("(//[^/@:\\s]*):([^/\\s]*)@");
   /** Oracle's {@code user/password@}, the password possibly quoted and then holding an {@code @}. */
   private static final Pattern ORACLE_USER_PASS =
         Pattern.compile("(?i)(jdbc:oracle:[a-z]+:)([^/@:\\s]+)/(\"[^\"]*\"|[^@\\s]*)@");
   /** A name that looks like it holds a password: {@code password}, {@code pwd}, {@code passwd}, {@code secret}. */
   private static final Pattern SECRET_NAME = Pattern.compile("(?i)pa?s+w|pwd|secret");
   /** A statement that may set a password: its every quoted text is masked, whichever of them is the password. */
   private static final Pattern SETS_PASSWORD = Pattern.compile(
         "(?is)^\\s*(?:/\\*.*?\\*/\\s*)*(?:SET\\s+PASSWORD|(?:ALTER|CREATE)\\s+(?:USER|ROLE)|GRANT)\\b");
   private static final Pattern QUOTED = Pattern.compile(
         "(?s)'(?:[^'\\\\]|''|\\\\.)*'?|\"(?:[^\"\\\\]|\"\"|\\\\.)*\"?|\\$(\\w*)\\$.*?\\$\\1\\$");
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

   /** Whether an option's or property's name looks like it holds a password, so that its value is never shown. */
   public static boolean secretName(String name) {
      return SECRET_NAME.matcher(name).find();
   }

   /** The password a JDBC URL carries as a query parameter ({@code password=} or {@code pwd=}), or null. */
   public static String passwordIn(String url) {
      if (url == null) {
         return null;
      }
      Matcher m = URL_PASSWORD.matcher(url);
      return m.find() && !m.group(2).isEmpty() ? m.group(2) : null;
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
         s = maskValue(s, secret);
      }
      return s;
   }

   /**
    * Masks {@code secret} where it stands as a value: not where it is only part of a longer word, so that a short
    * password ({@code o}) neither mangles "cannot connect" nor, by the gaps it leaves, gives itself away.
    */
   static String maskValue(String text, String secret) {
      StringBuilder out = new StringBuilder(text.length());
      int from = 0;
      for (int at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
         if (at < from || gluedToWord(text, at, secret)) {
            continue;
         }
         out.append(text, from, at).append(MASK);
         from = at + secret.length();
      }
      return out.append(text, from, text.length()).toString();
   }

   /** A letter or digit right before or after the match, where the password itself starts or ends with one. */
   private static boolean gluedToWord(String text, int at, String secret) {
      int end = at + secret.length();
      boolean before = at > 0 && Character.isLetterOrDigit(text.charAt(at - 1))
            && Character.isLetterOrDigit(secret.charAt(0));
      boolean after = end < text.length() && Character.isLetterOrDigit(text.charAt(end))
            && Character.isLetterOrDigit(secret.charAt(secret.length() - 1));
      return before || after;
   }

   /** Any text, with URL passwords, every remembered password and the given one masked. */
   public static String text(String text, String password) {
      String s = text(text);
      if (s != null && password != null && !password.isEmpty()) {
         s = maskValue(s, password);
      }
      return s;
   }

   /**
    * A SQL statement as a capture keeps it: one that sets a password ({@code SET PASSWORD}, {@code ALTER USER …
    * IDENTIFIED BY}, {@code CREATE ROLE … PASSWORD}, {@code GRANT … IDENTIFIED BY}) with every quoted text masked,
    * and any statement with the passwords {@link #text} masks.
    */
   public static String sql(String statement) {
      if (statement == null) {
         return null;
      }
      String s = SETS_PASSWORD.matcher(statement).find() ? QUOTED.matcher(statement).replaceAll("'" + MASK + "'")
            : statement;
      return text(s);
   }
}
