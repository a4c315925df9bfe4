package jdbcpoollab.options;

/** What the JVM says of itself and of the user it runs as. */
public final class JvmFacts {
   private JvmFacts() {
   }

   public static String userName() {
      return System.getProperty("user.name");
   }

   public static String userHome() {
      return System.getProperty("user.home");
   }

   public static String javaVersion() {
      return System.getProperty("java.version");
   }

   public static String javaHome() {
      return System.getProperty("java.home");
   }
}
