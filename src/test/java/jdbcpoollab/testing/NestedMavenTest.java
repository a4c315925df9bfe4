package jdbcpoollab.testing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Maven runs tests start find their plugins where the outer run found them, not in the default
 * {@code ~/.m2/repository}: a CI job's {@code mvn test -Dmaven.repo.local=…} keeps working. The nested run is given a
 * home without any repository, so it can only succeed through the outer run's.
 */
class NestedMavenTest {
   @TempDir
   Path tmp;

   @Test
   void aNestedMavenRunUsesTheOuterRunsLocalRepository() {
      String repo = System.getProperty("lab.mavenRepo");
      assertTrue(repo != null && Files.isDirectory(Path.of(repo)), "the outer run's repository: " + repo);
      Path home = tmp.resolve("home");
      try (LabProcess mvn = LabProcess.maven(Map.of("MAVEN_OPTS", "-Duser.home=" + home), tmp.resolve("mvn.log"),
            "gatling:help")) {
         assertEquals(0, mvn.waitFor(Duration.ofMinutes(2)), mvn.output());
         assertTrue(mvn.output().contains("gatling:test"), mvn.output());
      }
      assertFalse(Files.exists(home.resolve(".m2/repository")), "nothing was looked up in the default repository");
   }
}
