package jdbcpoollab.testing;

import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A test JVM of {@code mvn test} runs on the embedded-MariaDB home and the results folder of its own number. */
class ForkFoldersTest {
   @Test
   void theHomeAndTheResultsAreThisJvmsOwn() {
      String folder = System.getProperty(ForkFolders.FOLDER);
      assumeTrue(folder != null, "a test JVM that Maven's Surefire did not start keeps the folders it was given");
      Path home = Path.of(System.getProperty("lab.home"));
      Path results = Path.of(System.getProperty("lab.results"));
      assertTrue(folder.matches("fork-[1-9][0-9]*"), "named by the JVM's number: " + folder);
      assertEquals(folder, home.getFileName().toString());
      assertEquals(home, EmbeddedMariaDb.defaultHome(), "the embedded server's home for runs in this JVM");
      assertEquals(folder, results.getFileName().toString());
      assertEquals(results.resolve("gatling"), Path.of(System.getProperty("lab.gatlingResults")));
   }
}
