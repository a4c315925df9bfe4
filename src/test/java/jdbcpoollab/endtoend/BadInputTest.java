package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Preflight;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "unknown -Dsim, unknown option name, bad value": one line naming the option, the value and what is allowed,
 * exit code 64, no database started. Each case runs as a real process: Maven, the Gatling JVM, or the preflight.
 */
class BadInputTest {
   @TempDir
   Path tmp;

   @Test
   void anUnknownSimulationStopsMavenWithOneLineBeforeGatlingStarts() {
      Path home = tmp.resolve("home");
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("mvn.log"), "gatling:test", "-Dsim=Nope",
            "-Dmaven.test.skip=true", "-Dlab.home=" + home, "-Dlab.results=" + tmp.resolve("results"))) {
         assertEquals(Exit.BAD_OPTION, mvn.waitFor(Duration.ofMinutes(2)), mvn.output());
         String line = onlyLabLine(mvn.output());
         assertTrue(line.startsWith("jdbc-pool-lab: bad option -Dsim=Nope: allowed is one of "), line);
         assertTrue(line.contains("PoolSweep"), line);
         assertFalse(mvn.output().contains("Exception"), mvn.output());
         assertFalse(mvn.output().contains("Running simulation"), "Gatling must not start:\n" + mvn.output());
         System.out.printf("mvn gatling:test -Dsim=Nope refused in %.1f s (Maven start and compile check included)%n",
               mvn.seconds());
      }
      assertFalse(Files.exists(home), "no database may be started");
   }

   /** The server binary judges the value in Maven's JVM: no Gatling JVM, no server, no run folder. */
   @Test
   void aServerOptionValueTheServerRefusesStopsMavenInThePreflight() {
      Path results = tmp.resolve("results");
      try (LabProcess mvn = LabProcess.maven(tmp.resolve("mvn-server-option.log"), "gatling:test", "-Dsim=PoolSweep",
            "-Ddb.serverOption=thread_handling=bogus", "-Dmaven.test.skip=true",
            "-Dlab.home=" + EmbeddedMariaDb.defaultHome(), "-Dlab.results=" + results)) {
         assertEquals(Exit.BAD_OPTION, mvn.waitFor(Duration.ofMinutes(2)), mvn.output());
         assertEquals("jdbc-pool-lab: bad option -Ddb.serverOption: MariaDB 11.4.5 refuses --thread-handling=bogus: "
               + "Error while setting value 'bogus' to 'thread_handling' (exit code 64)", onlyLabLine(mvn.output()));
         assertFalse(mvn.output().contains("--- gatling-maven-plugin:"),
               "Gatling's plugin must not start:\n" + mvn.output());
      }
      assertFalse(Files.exists(results), "no run folder");
   }

   @Test
   void aMisspeltOptionStopsTheGatlingJvmBeforeTheDatabase() {
      Path home = tmp.resolve("home");
      Map<String, String> props = new LinkedHashMap<>();
      props.put("lab.home", home.toString());
      props.put("lab.results", tmp.resolve("results").toString());
      props.put("lab.gatlingResults", tmp.resolve("results/gatling").toString());
      props.put("pool", "4");
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, props, Map.of(), tmp.resolve("gatling.log"))) {
         assertEquals(Exit.BAD_OPTION, gatling.waitFor(Duration.ofMinutes(1)), gatling.output());
         String line = onlyLabLine(gatling.output());
         assertTrue(line.startsWith("jdbc-pool-lab: unknown option -Dpool=4 (did you mean -Dpools?): allowed are "),
               line);
         assertTrue(line.contains("workloads"), line);
         System.out.printf("the Gatling JVM refused -Dpool=4 in %.1f s after it started%n", gatling.seconds());
         assertTrue(gatling.seconds() < 30, "took " + gatling.seconds() + " s");
      }
      assertFalse(Files.exists(home), "no database may be started");
      assertFalse(Files.exists(tmp.resolve("results")), "no run folder either");
   }

   @Test
   void badValuesAreOneLineEachAndNeverEchoAPassword() {
      Map<String, String> cases = new LinkedHashMap<>();
      cases.put("pools=0,abc", "jdbc-pool-lab: bad option -Dpools=0,abc: allowed is whole numbers from 1 to 1000,"
            + " or auto");
      cases.put("users=-1", "jdbc-pool-lab: bad option -Dusers=-1: allowed is whole numbers from 1 to 10000");
      cases.put("seconds=0.001", "jdbc-pool-lab: bad option -Dseconds=0.001: allowed is a number from 0.1 to 3600");
      cases.put("workloads=foo", "jdbc-pool-lab: bad option -Dworkloads=foo: allowed is a comma-separated list of ");
      cases.put("db.url=mysql://db:3306/demo?password=Hunter2-x", "jdbc-pool-lab: bad option -Ddb.url=mysql:");
      cases.put("db.url=", "jdbc-pool-lab: bad option -Ddb.url=: the value is empty; give one or leave the option out");
      cases.put("pools=", "jdbc-pool-lab: bad option -Dpools=: the value is empty; give one or leave the option out");
      cases.put("rttMs=-1", "jdbc-pool-lab: bad option -DrttMs=-1: allowed is whole numbers from 0 to 1000");
      cases.put("db.serverOption=no_such_var=1", "jdbc-pool-lab: bad option -Ddb.serverOption=no_such_var=1: unknown"
            + " server variable 'no_such_var' (name=value, comma-separated; known names: thread_handling, ");
      cases.put("mix=point:abc", "jdbc-pool-lab: bad option -Dmix=point:abc: allowed is kind:weight, comma-separated,"
            + " each kind once among cpu, point, txn, wait");
      cases.put("db.pasword=Hunter2-x", "jdbc-pool-lab: unknown option -Ddb.pasword=*** (did you mean -Ddb.password?)");
      cases.put("source=hikari,bonecp", "jdbc-pool-lab: bad option -Dsource=hikari,bonecp: allowed is a "
            + "comma-separated list of " + String.join(", ", PoolLibraries.DEFAULT.names()) + ", each once");
      cases.put("driver=jtds", "jdbc-pool-lab: bad option -Ddriver=jtds: allowed is a comma-separated list of mysql, "
            + "mariadb, each once");
      cases.put("driver=mariadb db.url=jdbc:postgresql://127.0.0.1:1/lab", "jdbc-pool-lab: bad option "
            + "-Ddriver=mariadb: mariadb (MariaDB Connector/J) speaks to mysql servers, and "
            + "jdbc:postgresql://127.0.0.1:1/lab is postgresql");
      List<LabProcess> runs = new ArrayList<>();
      int i = 0;
      for (String option : cases.keySet()) {
         Path home = tmp.resolve("home");
         Map<String, String> props = new LinkedHashMap<>(Map.of("lab.home", home.toString()));
         for (String pair : option.split(" ")) {
            String[] kv = pair.split("=", 2);
            props.put(kv[0], kv[1]);
         }
         runs.add(LabProcess.main(Preflight.class, props, tmp.resolve("preflight-" + i++ + ".log"), "PoolSweep"));
      }
      i = 0;
      for (Map.Entry<String, String> c : cases.entrySet()) {
         try (LabProcess run = runs.get(i++)) {
            assertEquals(Exit.BAD_OPTION, run.waitFor(Duration.ofMinutes(1)), c.getKey() + ": " + run.output());
            String line = onlyLabLine(run.output());
            assertTrue(line.startsWith(c.getValue()), c.getKey() + ": " + line);
            assertTrue(line.endsWith("(exit code 64)"), line);
            assertFalse(run.output().contains("Hunter2-x"), run.output());
         }
      }
      assertFalse(Files.exists(tmp.resolve("home")), "no database may be started");
   }

   @Test
   void anotherSimulationsOptionIsRefusedNotIgnored() {
      Path home = tmp.resolve("home");
      try (LabProcess run = LabProcess.main(Preflight.class, Map.of("pools", "1,2", "lab.home", home.toString()),
            tmp.resolve("foreign.log"), "CpoolCompare")) {
         assertEquals(Exit.BAD_OPTION, run.waitFor(Duration.ofMinutes(1)), run.output());
         assertEquals("jdbc-pool-lab: option -Dpools=1,2 is PoolSweep's; CpoolCompare does not read it: leave it out "
               + "or run -Dsim=PoolSweep (exit code 64)", onlyLabLine(run.output()));
      }
      assertFalse(Files.exists(home), "no database may be started");
   }

   @Test
   void compareAndMergeGivenToASweepAreRefusedWithTheLineThatNamesTheirOwnSimulation() throws Exception {
      Path home = tmp.resolve("home");
      Path results = tmp.resolve("results");
      for (String run : List.of("a", "b")) {
         Files.createDirectories(results.resolve(run));
         Files.writeString(results.resolve(run).resolve("summary.json"), "{\"simulation\": \"PoolSweep\", "
               + "\"state\": \"complete\", \"steps\": []}");
      }
      Map<String, String> cases = new LinkedHashMap<>();
      cases.put("compare", "jdbc-pool-lab: bad option -Dcompare=a,b: two runs are put side by side without a run: "
            + "mvn gatling:test -Dsim=Compare -Dcompare=a,b (exit code 64)");
      cases.put("merge", "jdbc-pool-lab: bad option -Dmerge=a,b: runs are merged without a run: mvn gatling:test "
            + "-Dsim=Merge -Dmerge=a,b (exit code 64)");
      for (Map.Entry<String, String> c : cases.entrySet()) {
         try (LabProcess run = LabProcess.main(Preflight.class, Map.of(c.getKey(), "a,b", "lab.home", home.toString(),
               "lab.results", results.toString()), tmp.resolve(c.getKey() + ".log"), "PoolSweep")) {
            assertEquals(Exit.BAD_OPTION, run.waitFor(Duration.ofMinutes(1)), run.output());
            assertEquals(c.getValue(), onlyLabLine(run.output()));
         }
      }
      assertFalse(Files.exists(home), "no database may be started");
   }

   /** The output has exactly one line from the lab and no stack trace. */
   static String onlyLabLine(String output) {
      List<String> lines = output.lines().filter(l -> l.contains("jdbc-pool-lab:")).toList();
      assertEquals(1, lines.size(), output);
      assertFalse(output.lines().anyMatch(l -> l.startsWith("\tat ") || l.startsWith("    at ")), output);
      return lines.get(0).substring(lines.get(0).indexOf("jdbc-pool-lab:"));
   }
}
