package jdbcpoollab.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

import java.nio.file.Path;

/**
 * Gives each test JVM of {@code mvn test} (pom.xml runs several side by side) an embedded-MariaDB home and a results folder
 * of its own, inside those Maven names: {@code <lab.home>/fork-<n>} and {@code <lab.results>/fork-<n>}. Done here, as
 * the JVM's tests start, rather than in pom.xml, because Surefire hands a {@code -Dlab.home} given to Maven to every
 * JVM as it is, over the pom's value: two JVMs on one home would contend for its server folders. A JVM that Surefire
 * did not number (an IDE's) keeps the folders it was given.
 */
public final class ForkFolders implements LauncherSessionListener {
   /** The JVM's folder, {@code fork-<n>} by its number, from pom.xml. */
   static final String FOLDER = "tests.forkFolder";
   private static boolean moved;

   @Override
   public void launcherSessionOpened(LauncherSession session) {
      move();
   }

   private static synchronized void move() {
      String folder = System.getProperty(FOLDER);
      String home = System.getProperty("lab.home");
      String results = System.getProperty("lab.results");
      if (moved || folder == null || home == null || results == null) {
         return;
      }
      Path own = Path.of(results).resolve(folder);
      System.setProperty("lab.home", Path.of(home).resolve(folder).toString());
      System.setProperty("lab.results", own.toString());
      System.setProperty("lab.gatlingResults", own.resolve("gatling").toString());
      moved = true;
   }
}
