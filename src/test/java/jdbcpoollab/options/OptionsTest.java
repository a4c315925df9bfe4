package jdbcpoollab.options;

import jdbcpoollab.db.Target;
import jdbcpoollab.runoptions.PoolSweepOptions;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import jdbcpoollab.runoptions.RunFolderOptions;

class OptionsTest {

   private static PoolSweepOptions sweep(Map<String, String> props) {
      return sweep(props, Map.of());
   }

   private static PoolSweepOptions sweep(Map<String, String> props, Map<String, String> env) {
      Properties p = new Properties();
      p.putAll(props);
      return PoolSweepOptions.from(new Options(p, env));
   }

   private static List<String> workloads(PoolSweepOptions o) {
      return o.workloads().stream().map(Workload::name).toList();
   }

   private static String statement(PoolSweepOptions o, String workload) {
      return o.workloads().stream().filter(w -> w.name().equals(workload)).findFirst().orElseThrow().statement();
   }

   private static String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> sweep(props)).getMessage();
   }

   @Test
   void defaultsAreTheReferenceExperiment() {
      PoolSweepOptions o = sweep(Map.of());
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), o.pools());
      assertEquals(64, o.users());
      assertEquals(5.0, o.seconds());
      assertEquals(2.0, o.warmup());
      assertEquals(List.of("wait", "cpu"), workloads(o));
      assertEquals(Map.of("sleepMs", 5, "rows", 100_000, "hotRows", 1_000, "holdMs", 5), o.workloadSettings());
      assertEquals(List.of(0), o.rttMs());
      assertEquals(Map.of(), o.serverOptions());
      assertFalse(o.splitPools());
      assertEquals(30_000, o.connectionTimeoutMs());
      assertTrue(o.target().embedded());
      assertEquals(64, o.largestPool());
      assertEquals(50.0, o.acquireP99Ms());
      assertEquals(List.of(), o.compare());
   }

   @Test
   void valuesAreParsedInTheOrderGiven() {
      PoolSweepOptions o = sweep(Map.of("pools", " 8, 1 ", "workloads", "cpu", "seconds", "0.5", "warmup", "0"));
      assertEquals(List.of(8, 1), o.pools());
      assertEquals(List.of("cpu"), workloads(o));
      assertEquals(0.5, o.seconds());
      assertEquals(0.0, o.warmup());
   }

   @Test
   void badValuesNameTheOptionTheValueAndWhatIsAllowed() {
      assertEquals("bad option -Dpools=0,abc: allowed is whole numbers from 1 to 1000, or auto",
            error(Map.of("pools", "0,abc")));
      assertEquals("bad option -Dusers=-1: allowed is whole numbers from 1 to 10000", error(Map.of("users", "-1")));
      assertEquals("bad option -Dseconds=0: allowed is a number from 0.1 to 3600", error(Map.of("seconds", "0")));
      assertEquals("bad option -Dseconds=0.001: allowed is a number from 0.1 to 3600",
            error(Map.of("seconds", "0.001")));
      assertEquals("bad option -Dworkloads=foo: allowed is a comma-separated list of wait, cpu, point, custom, txn,"
            + " mix, each once",
            error(Map.of("workloads", "foo")));
      assertTrue(error(Map.of("pools", "4,4")).contains("each value once"));
      assertTrue(error(Map.of("connectionTimeoutMs", "10")).startsWith("bad option -DconnectionTimeoutMs=10"));
      assertFalse(error(Map.of("pools", "1,,2")).contains("\n"));
   }

   @Test
   void theCustomWorkloadRunsTheGivenStatementOnAnyDatabase() {
      PoolSweepOptions o = sweep(Map.of("workloads", "custom", "sql", " SELECT COUNT(*) FROM orders ; ",
            "db.url", "jdbc:postgresql://db/shop"));
      assertEquals(List.of("custom"), workloads(o));
      assertEquals("SELECT COUNT(*) FROM orders", statement(o, "custom"));
      assertEquals(0, Workload.bigTableRows(o.workloads()), "no big table without the cpu workload");
      assertEquals("SELECT pg_sleep(0.005)", statement(sweep(Map.of("db.url", "jdbc:postgresql://db/shop")), "wait"));
      assertEquals(100_000, Workload.bigTableRows(sweep(Map.of()).workloads()));
   }

   @Test
   void theCustomStatementCanComeFromAFile(@TempDir Path dir) throws IOException {
      Path file = Files.writeString(dir.resolve("q.sql"), "-- top customers\nSELECT id FROM customers\n  LIMIT 10;\n\n");
      assertEquals("-- top customers\nSELECT id FROM customers\n  LIMIT 10",
            sweep(Map.of("workloads", "wait,custom", "sql", "@" + file)).workloadSettings().get("sql"));
      Path block = Files.writeString(dir.resolve("b.sql"), "BEGIN DBMS_SESSION.SLEEP(0.01); END;\n");
      assertEquals("BEGIN DBMS_SESSION.SLEEP(0.01); END;",
            statement(sweep(Map.of("workloads", "custom", "sql", "@" + block)), "custom"),
            "a PL/SQL block keeps its semicolon");
      String missing = error(Map.of("workloads", "custom", "sql", "@" + dir.resolve("nope.sql")));
      assertTrue(missing.startsWith("bad option -Dsql=@") && missing.contains("a readable file"), missing);
   }

   @Test
   void valuesEscapedByTheGatlingMavenPluginArriveAsTyped() {
      // what `mvn gatling:test -Dsql="SELECT 1 AS \"q\" FROM x WHERE a = 'b\c' AND d = 'é'"` hands its forked JVM
      String forwarded = "SELECT 1 AS \\\"q\\\" FROM x WHERE a = \\'b\\\\c\\' AND d = \\'\\u00e9\\'";
      assertEquals("SELECT 1 AS \"q\" FROM x WHERE a = 'b\\c' AND d = 'é'", Options.unescapeJava(forwarded));
      assertEquals("tab\there, new\nline, trailing \\", Options.unescapeJava("tab\\there, new\\nline, trailing \\"));
   }

   @Test
   void customAndSqlComeTogether() {
      assertEquals("bad option -Dworkloads=wait,custom: allowed is custom only with -Dsql=\"SELECT …\" or "
            + "-Dsql=@file.sql, the statement it runs", error(Map.of("workloads", "wait,custom")));
      assertEquals("bad option -Dsql=SELECT 1: allowed is only with the custom workload: add custom to -Dworkloads",
            error(Map.of("sql", "SELECT 1")));
      assertEquals("bad option -Dsql=;: allowed is one SQL statement", error(Map.of("workloads", "custom", "sql", ";")));
   }

   @Test
   void compareNamesOneOrTwoFinishedRunsOfTheResultsFolder(@TempDir Path results) throws IOException {
      Path a = Files.createDirectories(results.resolve("20250101-100000-PoolSweep"));
      Path b = Files.createDirectories(results.resolve("20250102-100000-PoolSweep"));
      Files.writeString(a.resolve("summary.json"), "{}");
      Files.writeString(b.resolve("summary.json"), "{}");
      Files.createDirectories(results.resolve("20250103-100000-PoolSweep"));
      String root = results.toString();
      Properties two = new Properties();
      two.putAll(Map.of("lab.results", root, "compare", a.getFileName() + ", " + b));
      assertEquals(List.of(a, b), RunFolderOptions.compared(new Options(two, Map.of())));
      assertEquals("bad option -Dcompare=" + a.getFileName() + ", " + b + ": two runs are put side by side without a"
            + " run: mvn gatling:test -Dsim=Compare -Dcompare=" + a.getFileName() + ", " + b,
            error(Map.of("lab.results", root, "compare", a.getFileName() + ", " + b)));
      assertEquals(List.of(b), sweep(Map.of("lab.results", root, "compare", "results/" + b.getFileName())).compare());
      for (String bad : List.of("20250103-100000-PoolSweep", "nope", a.getFileName() + "," + a.getFileName(), ",",
            a.getFileName() + "," + b.getFileName() + "," + a.getFileName())) {
         String message = error(Map.of("lab.results", root, "compare", bad));
         assertTrue(message.startsWith("bad option -Dcompare=" + bad + ": allowed is one or two run folders of "),
               message);
      }
      assertEquals("bad option -DacquireP99Ms=0: allowed is a number above 0 to 3600000",
            error(Map.of("acquireP99Ms", "0")));
   }

   @Test
   void databaseUrlMustBeJdbcAndItsPasswordIsNeverEchoed() {
      String message = error(Map.of("db.url", "http://db:3306/x?password=s3cret"));
      assertTrue(message.startsWith("bad option -Ddb.url="), message);
      assertFalse(message.contains("s3cret"), message);
      assertTrue(error(Map.of("db.url", "jdbc:sqlserver://x")).contains("supported"));
      String oracle = error(Map.of("db.url", "jdbc:oracle:oci:scott/tiger@db"));
      assertTrue(oracle.contains("jdbc:oracle:thin:") && !oracle.contains("tiger"), oracle);
   }

   private static String unknown(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      Options options = new Options(p, Map.of());
      PoolSweepOptions.from(options);
      return assertThrows(OptionException.class, () -> options.rejectUnknown("PoolSweep")).getMessage();
   }

   private static void accepted(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      Options options = new Options(p, Map.of());
      PoolSweepOptions.from(options);
      options.rejectUnknown("PoolSweep");
   }

   @Test
   void misspeltOptionsAreRefusedWithTheAllowedNames() {
      String message = unknown(Map.of("pool", "4"));
      assertTrue(message.startsWith("unknown option -Dpool=4 (did you mean -Dpools?): allowed are "), message);
      assertTrue(message.endsWith(" (PoolSweep)"), message);
      List<String> allowed = List.of(message.substring(message.indexOf("allowed are ") + "allowed are ".length(),
            message.length() - " (PoolSweep)".length()).split(", "));
      assertTrue(allowed.containsAll(List.of("connectionTimeoutMs", "db.password", "db.url", "db.user", "lab.home",
            "pools", "recoverSeconds", "rows", "seconds", "sim", "sleepMs", "users", "warmup", "workloads")), message);
      assertTrue(unknown(Map.of("Seconds", "3")).contains("did you mean -Dseconds?"));
      assertTrue(unknown(Map.of("worklods", "cpu")).contains("did you mean -Dworkloads?"));
      assertTrue(unknown(Map.of("connectionTimeout", "100")).contains("did you mean -DconnectionTimeoutMs?"));
      assertTrue(unknown(Map.of("db.usr", "lab")).startsWith("unknown option -Ddb.usr=lab (did you mean -Ddb.user?)"));
      assertTrue(unknown(Map.of("lab.hme", "/x")).startsWith("unknown option -Dlab.hme=/x (did you mean -Dlab.home?)"));
      assertTrue(unknown(Map.of("db.schema", "x")).startsWith("unknown option -Ddb.schema=x: allowed are "));
   }

   @Test
   void anOptionThatCannotApplyToThisRunIsRefused() {
      assertEquals("bad option -Dmix=wait:9,cpu:1: it sets the mix workload, which this run does not measure "
            + "(-Dworkloads=wait,cpu): leave it out or add mix to -Dworkloads", error(Map.of("mix", "wait:9,cpu:1")));
      assertTrue(error(Map.of("holdMs", "50")).startsWith("bad option -DholdMs=50: it sets the txn workload"));
      assertTrue(error(Map.of("hotRows", "10", "workloads", "wait")).startsWith("bad option -DhotRows=10: it sets "));
      assertTrue(error(Map.of("rows", "10", "workloads", "wait")).startsWith("bad option -Drows=10: it sets the cpu "
            + "or point workload"));
      assertTrue(error(Map.of("sql.writes", "true")).startsWith("bad option -Dsql.writes=true: it sets the custom"));
      assertEquals("bad option -DsplitPools=true: allowed is only with a mix in -Dworkloads, whose kinds it measures "
            + "on a pool each", error(Map.of("splitPools", "true")));
      assertEquals(Map.of("mix", Map.of("txn", 1, "wait", 9), "sleepMs", 5, "rows", 100_000, "hotRows", 1_000,
            "holdMs", 50), sweep(Map.of("workloads", "mix", "mix", "txn:1,wait:9", "holdMs", "50", "splitPools",
            "true")).workloadSettings(), "the options of a mix's kinds apply");
      assertEquals(10, sweep(Map.of("workloads", "point", "rows", "10")).tableRows(), "rows applies to point too");
   }

   @Test
   void aNameUnderAKnownOptionsPrefixIsRefused() {
      assertTrue(unknown(Map.of("driver.bogus", "1")).startsWith("unknown option -Ddriver.bogus=1: allowed are "));
      assertTrue(unknown(Map.of("source.x", "1")).startsWith("unknown option -Dsource.x=1: allowed are "));
      assertTrue(unknown(Map.of("sql.write", "true")).startsWith("unknown option -Dsql.write=true (did you mean "
            + "-Dsql.writes?)"));
   }

   @Test
   void aMisspeltPasswordOptionDoesNotEchoItsValue() {
      assertTrue(unknown(Map.of("db.pasword", "s3cret")).startsWith("unknown option -Ddb.pasword=*** "));
      assertFalse(unknown(Map.of("db.urll", "jdbc:mysql://h/d?password=s3cret")).contains("s3cret"));
   }

   @Test
   void otherToolsPropertiesAndTheLabsOwnAreLeftAlone() {
      accepted(Map.of("test", "OptionsTest", "skipTests", "true", "basedir", "/x", "localRepository", "/m2",
            "maven.test.skip", "true", "gatling.core.x", "1", "jvm", "/usr/bin/java", "user.dir", "/x"));
      accepted(Map.of("lab.mavenRepo", "/m2", "lab.gatlingResults", "/x", "pools", "1,2", "sim", "PoolSweep",
            "lab.jvmArg", "none", "lab.home", "/x", "lab.results", "/x"));
   }

   @Test
   void passwordComesFromThePropertyOrTheEnvironment() {
      Target fromEnv = sweep(Map.of("db.url", "jdbc:mysql://db:3306/demo", "db.user", "lab"),
            Map.of("DB_PASSWORD", "pw-env")).target();
      assertEquals("pw-env", fromEnv.password());
      assertFalse(fromEnv.toString().contains("pw-env"));
      Target fromProperty = sweep(Map.of("db.url", "jdbc:mysql://db:3306/demo", "db.password", "pw-prop"),
            Map.of("DB_PASSWORD", "pw-env")).target();
      assertEquals("pw-prop", fromProperty.password());
      assertNull(sweep(Map.of()).target().url());
   }
}
