package jdbcpoollab.options;

/**
 * The lab's own properties, read from the JVM's system properties wherever the part that needs them runs (Maven's
 * JVM for the preflight, Gatling's for the run): set by pom.xml, ./lab and the tests more often than by users.
 */
public final class LabProperties {
   public static final String HOME = "lab.home";
   public static final String RESULTS = "lab.results";
   public static final String JAVA = "lab.java";
   public static final String GATLING_RESULTS = "lab.gatlingResults";
   public static final String RUN_FOLDER_FILE = "lab.runFolderFile";

   private LabProperties() {
   }

   /** {@code -Dlab.home}: the embedded server's home; null when not given. */
   public static String home() {
      return System.getProperty(HOME);
   }

   /** {@code -Dlab.results}: the results folder as Maven names it; null when not given. */
   public static String results() {
      return System.getProperty(RESULTS);
   }

   /** {@code -Dlab.java}: the JDK ./lab was asked to run on; null when not given. */
   public static String java() {
      return System.getProperty(JAVA);
   }

   /** {@code -Dlab.gatlingResults}: where Gatling writes its reports. */
   public static String gatlingResults() {
      return System.getProperty(GATLING_RESULTS, "results/gatling");
   }

   /** {@code -Dlab.runFolderFile}: the file to name the run folder in; empty when not given. */
   public static String runFolderFile() {
      return System.getProperty(RUN_FOLDER_FILE, "");
   }
}
