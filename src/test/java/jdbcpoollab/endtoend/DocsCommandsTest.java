package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.JvmOwner;
import jdbcpoollab.run.LabExit;
import jdbcpoollab.run.OwnJvm;
import jdbcpoollab.run.Preflight;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.Jdks;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every fenced {@code mvn gatling:test …} and {@code ./lab …} command of README.md and docs/*.md starts as its page
 * says, so that a page cannot drift from the code again.
 *
 * <p>Running each one for real, even shortened, would take minutes, so every command's options go through the
 * preflight ({@link Preflight}, what Maven runs before Gatling's plugin: the simulation, its options, the
 * {@code -Ddb.serverOption} values by the server binary, the results folder; no database), here in the test JVM, and
 * must be accepted: exit 0 (Compare and Merge end there with 0 too, their pages
 * written). No fenced command is documented as bad input; the documented bad ones are inline and
 * {@link BadInputTest}'s. Three run for real, through Maven or {@code ./lab} as the page writes them, shortened where
 * they allow it (the first pool, 0.5 s windows, no warm-up): troubleshooting's {@code ./lab} run, poolsweep.md's
 * Compare of two runs, and seed-questions' server thread pool, whose server option is judged by the binary
 * twice (preflight, then the server's start).
 *
 * <p>What a page marks as the reader's own is replaced: a run folder name ({@code -Dcompare}, {@code -Dbaseline},
 * {@code -Dmerge}) by a run the test writes under that name, a value's leading {@code results/} by the test's
 * results folder, and
 * your-database.md's {@code @queries/open-orders.sql} by a file the test writes. {@code mvn test} and
 * {@code mvn gatling:enterprisePackage} start no run: the suite itself, and {@code EnterprisePackageTest}.
 */
class DocsCommandsTest {
   private static final Pattern RUN_NAME = Pattern.compile("\\d{8}-\\d{6}-[A-Za-z]+");
   private static final Set<String> NOT_A_RUN = Set.of("mvn test", "mvn gatling:enterprisePackage -Denterprise");
   private static final String OWN_SQL_FILE = "@queries/open-orders.sql";

   @TempDir
   Path tmp;

   /** A fenced command: the page and line it is on, and its words as the shell splits them. */
   record Command(String page, int line, List<String> words) {
      String text() {
         return String.join(" ", words);
      }

      boolean script() {
         return words.get(0).equals("./lab");
      }

      String simulation() {
         return script() ? words.get(1) : options().getOrDefault("sim", "PoolSweep");
      }

      Map<String, String> options() {
         Map<String, String> options = new LinkedHashMap<>();
         words.stream().filter(w -> w.startsWith("-D")).forEach(w -> {
            int eq = w.indexOf('=');
            options.put(w.substring(2, eq < 0 ? w.length() : eq), eq < 0 ? "true" : w.substring(eq + 1));
         });
         return options;
      }

      @Override
      public String toString() {
         return page + ":" + line + ": " + text();
      }
   }

   @Test
   void everyDocumentedCommandPassesThePreflightAndAHandfulRunForReal() throws Exception {
      List<Command> commands = commands();
      assertTrue(commands.size() >= 20, "found only " + commands);
      Path results = Files.createDirectories(tmp.resolve("results"));
      List<String> refused = new ArrayList<>();
      for (Command command : commands) {
         if (NOT_A_RUN.contains(command.text())) {
            continue;
         }
         assertTrue(command.script() || command.words().get(1).equals("gatling:test"), "not a run: " + command);
         int code = command.options().containsKey("lab.java")
               ? preflightOnItsJdk(command, mine(command.options(), results))
               : preflight(command.simulation(), mine(command.options(), results));
         if (code != 0) {
            refused.add(command + " -> exit code " + code);
         }
      }
      assertEquals(List.of(), refused, "the preflight refuses documented commands");

      long t0 = System.nanoTime();
      Command lab = find(commands, "troubleshooting.md", "./lab PoolSweep");
      Command compare = find(commands, "poolsweep.md", "mvn gatling:test -Dsim=Compare -Dcompare=");
      // Compare starts no database: it runs beside the ./lab run, on runs in a results folder of its own
      Path compared = Files.createDirectories(tmp.resolve("compared"));
      try (Real labRun = real(lab, results, true); Real compareRun = real(compare, compared, false)) {
         assertEquals(0, compareRun.end(), compare.toString());
         assertEquals(0, labRun.end(), lab.toString());
      }
      String[] runs = compare.options().get("compare").split(",");
      assertTrue(Files.isRegularFile(compared.resolve("compare-" + runs[0] + "-vs-" + runs[1]).resolve("index.html")));
      Command threadPool = find(commands, "seed-questions.md", "-Ddb.serverOption=thread_handling=pool-of-threads");
      assertEquals(0, real(threadPool, results, true).end(), threadPool.toString());
      System.out.printf("%d documented commands through the preflight, 3 for real in %.1f s%n", commands.size(),
            (System.nanoTime() - t0) / 1e9);
   }

   /** The fenced commands of README.md and docs/*.md, continuation lines joined, comments left out. */
   static List<Command> commands() throws IOException {
      Path basedir = Path.of(System.getProperty("basedir", "."));
      List<Path> pages = new ArrayList<>(List.of(basedir.resolve("README.md")));
      try (Stream<Path> docs = Files.list(basedir.resolve("docs"))) {
         docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
      List<Command> commands = new ArrayList<>();
      for (Path page : pages) {
         List<String> lines = Files.readAllLines(page);
         boolean fenced = false;
         for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
               fenced = !fenced;
               continue;
            }
            if (!fenced || !(line.startsWith("mvn ") || line.startsWith("./lab "))) {
               continue;
            }
            int first = i;
            StringBuilder text = new StringBuilder(line);
            while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
               text.setLength(text.length() - 1);
               text.append(' ').append(lines.get(++i).strip());
            }
            commands.add(new Command(page.getFileName().toString(), first + 1, words(text.toString())));
         }
      }
      return commands;
   }

   /** The words of a shell command line: quotes as the shell takes them, a {@code #} word and after it left out. */
   static List<String> words(String line) {
      List<String> words = new ArrayList<>();
      StringBuilder word = null;
      char quote = 0;
      for (int i = 0; i < line.length(); i++) {
         char c = line.charAt(i);
         if (quote != 0) {
            if (c == quote) {
               quote = 0;
            } else {
               word.append(c);
            }
         } else if (c == '\'' || c == '"') {
            quote = c;
            word = word == null ? new StringBuilder() : word;
         } else if (Character.isWhitespace(c)) {
            if (word != null) {
               words.add(word.toString());
               word = null;
            }
         } else if (c == '#' && word == null) {
            break;
         } else {
            word = word == null ? new StringBuilder() : word;
            word.append(c);
         }
      }
      if (word != null) {
         words.add(word.toString());
      }
      return words;
   }

   /** The options with what the page marks as the reader's own replaced by the test's. */
   private Map<String, String> mine(Map<String, String> options, Path results) throws IOException {
      Map<String, String> mine = new LinkedHashMap<>();
      for (Map.Entry<String, String> option : options.entrySet()) {
         String value = option.getValue();
         Matcher run = RUN_NAME.matcher(value);
         while (run.find()) {
            WrittenRun.write(results.resolve(run.group()));
         }
         if (value.startsWith("results/")) {
            value = results.resolve(value.substring("results/".length())).toString();
         }
         if (value.equals(OWN_SQL_FILE)) {
            Path file = tmp.resolve(OWN_SQL_FILE.substring(1));
            Files.createDirectories(file.getParent());
            Files.writeString(file, "SELECT 1");
            value = "@" + file;
         }
         mine.put(option.getKey(), value);
      }
      mine.put("lab.results", results.toString());
      return mine;
   }

   /**
    * A command with {@code -Dlab.java}: ./lab runs Maven, and so the preflight, on that JDK; here the JDK of the page
    * or, when this machine has not that one, another JDK 21+ of it (none: the command is let through, and said so).
    */
   private int preflightOnItsJdk(Command command, Map<String, String> options) {
      Path given = Path.of(options.get("lab.java"));
      Optional<Path> jdk = Files.isExecutable(given.resolve("bin/java")) ? Optional.of(given) : Jdks.atLeast(21);
      if (jdk.isEmpty()) {
         System.out.println("not checked, no JDK 21+ in " + Jdks.WHERE + ": " + command);
         return 0;
      }
      Map<String, String> on = new LinkedHashMap<>(options);
      on.put("lab.java", jdk.get().toString());
      on.put("lab.home", System.getProperty("lab.home"));
      try (LabProcess preflight = LabProcess.main(jdk.get(), Preflight.class, on,
            tmp.resolve("preflight-" + command.line() + ".log"), command.simulation())) {
         int code = preflight.waitFor(Duration.ofMinutes(1));
         if (code != 0) {
            System.out.println(preflight.output());
         }
         return code;
      }
   }

   /** {@link Preflight} on the options, as Maven runs it; returns the exit code it ends with. */
   private static synchronized int preflight(String simulation, Map<String, String> options) throws Exception {
      Properties saved = (Properties) System.getProperties().clone();
      options.forEach(System::setProperty);
      Exit.ownedBy(new Returns());
      try {
         Preflight.main(new String[] {simulation});
         return 0;
      } catch (LabExit exit) {
         System.out.println(exit.getMessage());
         return exit.code();
      } finally {
         Exit.ownedBy(OwnJvm.OWN);
         System.setProperties(saved);
      }
   }

   /** The preflight's end comes back here as its exit. */
   private static final class Returns implements JvmOwner {
      @Override
      public LabExit end(LabExit exit) {
         return exit;
      }

      @Override
      public void started(Consumer<Throwable> shutdown, IntSupplier exitCode) {
         fail("the preflight started a run");
      }
   }

   private static Command find(List<Command> commands, String page, String text) {
      return commands.stream().filter(c -> c.page().equals(page) && c.text().contains(text)).findFirst()
            .orElseThrow(() -> new AssertionError(page + " no longer has a command with " + text));
   }

   /** The command started as the page writes it, through Maven or ./lab, shortened when {@code shorten}. */
   private Real real(Command command, Path results, boolean shorten) throws IOException {
      Map<String, String> options = mine(command.options(), results);
      if (shorten) {
         String pools = options.getOrDefault("pools", "1");
         options.put("pools", pools.split(",")[0]);
         options.putAll(Map.of("seconds", "0.5", "warmup", "0"));
      }
      options.remove("sim");
      List<String> args = new ArrayList<>(List.of("-Dmaven.test.skip=true",
            "-Dlab.home=" + EmbeddedMariaDb.defaultHome()));
      options.forEach((name, value) -> args.add("-D" + name + "=" + value));
      Set<Path> before = GatlingRun.runFolders(results);
      Path log = tmp.resolve("real-" + command.page() + "-" + command.line() + ".log");
      return new Real(command, command.script()
            ? LabProcess.script(log, command.simulation(), args.toArray(String[]::new))
            : LabProcess.maven(log, Stream.concat(Stream.of("gatling:test", "-Dsim=" + command.simulation()),
                  args.stream()).toArray(String[]::new)), results, before);
   }

   /** A command running for real, and the run folders in its results folder before it started. */
   private record Real(Command command, LabProcess run, Path results, Set<Path> before) implements AutoCloseable {
      /** Its exit code, once it has ended; it started one run folder (Compare none) and no BUILD FAILURE. */
      int end() {
         int code = run.waitFor(Duration.ofMinutes(3));
         System.out.printf("%s: exit code %d in %.1f s%n", command, code, run.seconds());
         if (code != 0) {
            System.out.println(run.output());
         }
         List<Path> started = GatlingRun.runFolders(results).stream().filter(f -> !before.contains(f))
               .filter(f -> RUN_NAME.matcher(f.getFileName().toString()).matches()).toList();
         assertEquals(command.options().containsKey("compare") ? 0 : 1, started.size(), command + ": " + started);
         assertFalse(run.output().contains("BUILD FAILURE"), run.output());
         return code;
      }

      @Override
      public void close() {
         run.close();
      }
   }
}
