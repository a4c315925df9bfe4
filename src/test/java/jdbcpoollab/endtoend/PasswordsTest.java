package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "a password in db.url, db.password or DB_PASSWORD": two real Gatling JVMs at once, one refused for a wrong
 * password and one that runs (with failing operations, so that error messages reach the report), then every byte they
 * wrote (console, summaries, Gatling's simulation.log and HTML report) is searched for the passwords. A password in the
 * URL alone is used and masked in a run in the test JVM.
 */
class PasswordsTest {
   private static final String RIGHT = "Right-Pa55-9q";
   private static final List<String> WRONG = List.of("Url-Secret-1x", "Prop-Secret-2y", "Env-Secret-3z");

   @TempDir
   Path tmp;

   @Test
   void noPasswordAppearsInAnyOutputOfARefusedOrAFailingRun() throws Exception {
      ExternalServer server = ExternalServer.get();
      server.requirePasswords("lab", RIGHT);

      // the two JVMs start together, as most of each is a JVM starting; the refused run writes to folders of its own
      Map<String, String> refused = options(server.url() + "&password=" + WRONG.get(0));
      refused.put("db.password", WRONG.get(1));
      refused.putAll(Map.of("lab.results", tmp.resolve("refused").toString(), "lab.gatlingResults",
            tmp.resolve("refused/gatling").toString(), "lab.home", tmp.resolve("home-refused").toString()));
      Files.createDirectories(tmp.resolve("refused"));
      Map<String, String> failing = options(server.url() + "&password=" + RIGHT);
      failing.put("db.password", RIGHT);
      failing.putAll(Map.of("pools", "1", "users", "4", "sleepMs", "400", "connectionTimeoutMs", "250"));
      try (LabProcess refusedRun = LabProcess.gatling(PoolSweep.class, refused, Map.of("DB_PASSWORD", WRONG.get(2)),
            tmp.resolve("refused.log"));
           LabProcess failingRun = LabProcess.gatling(PoolSweep.class, failing, Map.of("DB_PASSWORD", RIGHT),
                 tmp.resolve("failing.log"))) {
         assertEquals(Exit.DATABASE_UNAVAILABLE, refusedRun.waitFor(Duration.ofMinutes(2)), refusedRun.output());
         String output = refusedRun.output();
         assertTrue(output.contains("jdbc-pool-lab: cannot connect to the database at 127.0.0.1:" + server.port()
               + " (jdbc:mysql://127.0.0.1:" + server.port() + "/demo?"), output);
         assertTrue(output.contains("password=***"), output);
         assertTrue(output.contains("Access denied for user 'lab'"), output);

         assertEquals(0, failingRun.waitFor(Duration.ofMinutes(2)), failingRun.output());
         assertTrue(failingRun.output().contains("Connection is not available"),
               "errors were reported:\n" + failingRun.output());
      }

      List<Path> written;
      try (Stream<Path> files = Files.walk(tmp)) {
         written = files.filter(Files::isRegularFile).toList();
      }
      assertTrue(written.stream().anyMatch(f -> f.getFileName().toString().equals("simulation.log")), written.toString());
      assertTrue(written.stream().anyMatch(f -> f.getFileName().toString().equals("index.html")), written.toString());
      assertTrue(written.stream().anyMatch(f -> f.getFileName().toString().equals("summary.json")), written.toString());
      for (Path file : written) {
         String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
         for (String secret : List.of(RIGHT, WRONG.get(0), WRONG.get(1), WRONG.get(2))) {
            assertTrue(!content.contains(secret), secret + " appears in " + file);
         }
      }
   }

   @Test
   void aPasswordInTheUrlsQueryIsUsedWhenNoOtherIsGivenAndStaysMasked() throws Exception {
      ExternalServer server = ExternalServer.get();
      server.requirePasswords("lab", RIGHT);
      Map<String, String> options = options(server.url() + "&user=lab&password=" + RIGHT);
      options.remove("db.user");
      options.putAll(Map.of("pools", "1", "users", "2", "seconds", "0.5"));
      // no DB_PASSWORD to give: the run needs no JVM of its own, and the test JVM's console holds all it printed
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, options, false);
      assertEquals(0, run.exitCode(), run.console());
      assertTrue(run.console().contains("password=***"), run.console());
      assertTrue(!run.console().contains(RIGHT), run.console());
   }

   private Map<String, String> options(String url) throws IOException {
      Map<String, String> options = new HashMap<>(Map.of("lab.results", tmp.resolve("results").toString(),
            "lab.gatlingResults", tmp.resolve("results/gatling").toString(), "lab.home", tmp.resolve("home").toString(),
            "db.url", url, "db.user", "lab", "seconds", "2", "warmup", "0", "workloads", "wait"));
      Files.createDirectories(tmp.resolve("results"));
      return options;
   }
}
