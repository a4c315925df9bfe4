package jdbcpoollab.testing;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real process of the lab, as a user starts it: a Gatling JVM running a simulation (what {@code mvn gatling:test}
 * forks), any main class of the test classpath, Maven itself or the {@code ./lab} script. Output goes to a file the
 * test can wait on; the process can be sent real signals. Started in its own process group, so that a signal to the
 * group reaches its children (the embedded MariaDB) as Ctrl-C in a terminal would.
 */
public final class LabProcess implements AutoCloseable {
   /**
    * A Gatling JVM the tests start directly runs for seconds and is checked for how it starts, ends and what it writes,
    * not for its throughput: the client compiler alone spares the optimising compiler's CPU, which the other test JVM
    * needs. Its collector stays the default: the serial one's pauses would fall into the measured windows.
    */
   private static final String CLIENT_COMPILER_ONLY = "-XX:TieredStopAtLevel=1";
   /**
    * The JVM options of a process that starts, decides and ends in seconds (Maven planning a build and forking
    * Gatling's JVM, the preflight): the client compiler and the serial collector start it in about half the CPU, which
    * the suite's many nested runs share two cores for. The Gatling JVM that Maven forks keeps the pom's options.
    */
   static final List<String> SHORT_LIVED_JVM = List.of(CLIENT_COMPILER_ONLY, "-XX:+UseSerialGC");

   private final Process process;
   private final Path log;
   private final long startedAt = System.nanoTime();

   private LabProcess(List<String> command, Map<String, String> environment, Path log) {
      this.log = log;
      try {
         Files.createDirectories(log.getParent());
         // signals default (a shell may start the tests with SIGINT ignored, and children inherit that), own group
         List<String> grouped = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", "setsid"));
         grouped.addAll(command);
         ProcessBuilder builder = new ProcessBuilder(grouped).redirectErrorStream(true)
               .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
         builder.environment().putAll(environment);
         process = builder.start();
      } catch (IOException e) {
         throw new UncheckedIOException("cannot start " + command, e);
      }
   }

   /**
    * A Gatling JVM running {@code simulation}, with the lab's folders and options as system properties; without a JVM
    * warm-up nor settling unless they ask for them ({@link GatlingRun#withoutWarmupOrSettling}).
    */
   public static LabProcess gatling(Class<?> simulation, Map<String, String> properties, Map<String, String> env,
                                    Path log) {
      return gatling(Path.of(System.getProperty("java.home")), simulation, properties, env, log);
   }

   /** As {@link #gatling(Class, Map, Map, Path)}, the Gatling JVM on the JDK (or JRE) in {@code javaHome}. */
   public static LabProcess gatling(Path javaHome, Class<?> simulation, Map<String, String> properties,
                                    Map<String, String> env, Path log) {
      List<String> command = java(javaHome, GatlingRun.withoutWarmupOrSettling(simulation, properties));
      command.add(1, CLIENT_COMPILER_ONLY);
      command.addAll(List.of("io.gatling.app.Gatling", "-s", simulation.getName(), "-rf",
            properties.get("lab.gatlingResults")));
      return new LabProcess(command, env, log);
   }

   /** A JVM running {@code mainClass} of the test classpath. */
   public static LabProcess main(Class<?> mainClass, Map<String, String> properties, Path log, String... args) {
      return main(Path.of(System.getProperty("java.home")), mainClass, properties, log, args);
   }

   /** As {@link #main(Class, Map, Path, String...)}, on the JDK (or JRE) in {@code javaHome}. */
   public static LabProcess main(Path javaHome, Class<?> mainClass, Map<String, String> properties, Path log,
                                 String... args) {
      List<String> command = java(javaHome, properties);
      command.addAll(1, SHORT_LIVED_JVM);
      command.add(mainClass.getName());
      command.addAll(List.of(args));
      return new LabProcess(command, Map.of(), log);
   }

   /** Maven itself on this project, offline when the outer run is. */
   public static LabProcess maven(Path log, String... args) {
      return maven(Map.of(), log, args);
   }

   /**
    * Maven itself on this project, with more environment variables (such as MAVEN_OPTS); a PoolSweep run without a
    * JVM warm-up nor settling unless the arguments ask for them, a RateSweep or Replay run without a JVM warm-up
    * ({@link #withoutWarmupOrSettling}).
    */
   public static LabProcess maven(Map<String, String> environment, Path log, String... args) {
      List<String> command = new ArrayList<>(List.of(mavenCommand(), "-B", "-f",
            Path.of(System.getProperty("basedir", ".")).resolve("pom.xml").toString()));
      command.addAll(outerMavenOptions());
      List<String> given = List.of(args);
      String sim = given.stream().filter(a -> a.startsWith("-Dsim=")).map(a -> a.substring("-Dsim=".length()))
            .findFirst().orElse("");
      command.addAll(given.contains("gatling:test") ? withoutWarmupOrSettling(sim, given) : given);
      return new LabProcess(command, shortLivedMaven(environment), log);
   }

   /**
    * The repository's {@code ./lab} script, as the docs start a run: {@code ./lab <simulation> args…}, with the outer
    * Maven run's mvn, repository and settings; as {@link #maven(Map, Path, String...)}, a PoolSweep run without a JVM
    * warm-up nor settling unless the arguments ask for them.
    */
   public static LabProcess script(Path log, String simulation, String... args) {
      Path basedir = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
      List<String> command = new ArrayList<>(List.of(basedir.resolve("lab").toString(), simulation, "-B"));
      command.addAll(outerMavenOptions());
      command.addAll(withoutWarmupOrSettling(simulation, List.of(args)));
      return new LabProcess(command, shortLivedMaven(Map.of("LAB_MVN", mavenCommand())), log);
   }

   /**
    * Maven's arguments for {@code simulation} with the {@code -DjvmWarmup=0} and {@code -Dsettle.seconds=0} that
    * {@link GatlingRun#withoutWarmupOrSettling} gives a PoolSweep run in the test JVM (RateSweep and Replay the first
    * alone): a run through Maven is checked for how it starts, ends and what it writes, and the JVM's warm-up of up to
    * 15 s would only cost time. Only those: the lab's other simulations refuse the options, and a name the lab does
    * not know must be refused as it is.
    */
   private static List<String> withoutWarmupOrSettling(String simulation, List<String> args) {
      if (!simulation.equals("PoolSweep") && !GatlingRun.OPEN_MODEL.contains(simulation)) {
         return args;
      }
      Map<String, String> given = new HashMap<>();
      args.stream().filter(a -> a.startsWith("-D") && a.indexOf('=') > 2)
            .forEach(a -> given.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1)));
      List<String> quick = new ArrayList<>(args);
      GatlingRun.withoutWarmupOrSettling(simulation, given).forEach((name, value) -> {
         if (!given.containsKey(name)) {
            quick.add("-D" + name + "=" + value);
         }
      });
      return quick;
   }

   /** The environment with Maven's own JVM started as a short-lived one, before any MAVEN_OPTS given or inherited. */
   private static Map<String, String> shortLivedMaven(Map<String, String> environment) {
      Map<String, String> quick = new HashMap<>(environment);
      String given = environment.getOrDefault("MAVEN_OPTS", System.getenv().getOrDefault("MAVEN_OPTS", ""));
      quick.put("MAVEN_OPTS", (String.join(" ", SHORT_LIVED_JVM) + " " + given).strip());
      return quick;
   }

   /** The mvn of the Maven that runs the tests, else the one on the PATH. */
   public static String mavenCommand() {
      String home = System.getProperty("maven.home");
      return home != null && Files.isExecutable(Path.of(home, "bin", "mvn")) ? Path.of(home, "bin", "mvn").toString()
            : "mvn";
   }

   /**
    * The local repository, settings file and offline mode of the Maven run that runs the tests (pom.xml hands them
    * over), so that a nested run finds what the outer one found: {@code mvn test -Dmaven.repo.local=…} as CI caches
    * do. Online, a nested run fetches what the outer run's phases did not need, such as Gatling's Maven plugin on a
    * fresh machine. The outer run has compiled the sources, so a nested run does not compile them again: a source the
    * compiler judges newer than its build (as within the second of a fresh clone) would have it rewrite
    * target/classes while the other test JVMs load classes from it.
    */
   public static List<String> outerMavenOptions() {
      List<String> options = new ArrayList<>(List.of("-Dmaven.main.skip=true"));
      if ("offline=true".equals(System.getProperty("lab.mavenOffline"))) {
         options.add("-o");
      }
      String repo = System.getProperty("lab.mavenRepo");
      if (repo != null && !repo.isBlank() && !repo.startsWith("${")) {
         options.add("-Dmaven.repo.local=" + repo);
      }
      String settings = System.getProperty("lab.mavenSettings");
      if (settings != null && !settings.startsWith("${") && Files.isRegularFile(Path.of(settings))) {
         options.addAll(List.of("-s", settings));
      }
      return options;
   }

   private static List<String> java(Path javaHome, Map<String, String> properties) {
      String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin").resolve("java").toString(),
            "-Xms256m", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp", classpath));
      properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
      return command;
   }

   public long pid() {
      return process.pid();
   }

   public String output() {
      try {
         return Files.readString(log, StandardCharsets.UTF_8);
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   /** Waits until the output contains {@code text}; fails when the process ends first or the time runs out. */
   public void awaitOutput(String text, Duration timeout) {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!output().contains(text)) {
         if (!process.isAlive() && !output().contains(text)) {
            throw new AssertionError("process ended (" + process.exitValue() + ") before printing '" + text
                  + "':\n" + output());
         }
         if (System.nanoTime() > deadline) {
            throw new AssertionError("no '" + text + "' within " + timeout + ":\n" + output());
         }
         sleep(100);
      }
   }

   /** Waits for the process to end; fails (and kills it) when it takes longer than {@code timeout}. */
   public int waitFor(Duration timeout) {
      try {
         if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            throw new AssertionError("still running after " + timeout + ":\n" + output());
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new AssertionError("interrupted", e);
      }
      return process.exitValue();
   }

   /** Seconds since the process was started. */
   public double seconds() {
      return (System.nanoTime() - startedAt) / 1e9;
   }

   /** Sends a signal (INT, TERM, KILL) to the process alone. */
   public void signal(String signal) {
      kill("-" + signal, Long.toString(pid()));
   }

   /** Sends a signal to the process and its children, as the terminal does on Ctrl-C. */
   public void signalGroup(String signal) {
      kill("-" + signal, "--", "-" + pid());
   }

   /** Sends a signal to any process, such as a database server. */
   public static void kill(String... args) {
      List<String> command = new ArrayList<>(List.of("kill"));
      command.addAll(List.of(args));
      String failure = Command.run(command, null, Map.of(), Duration.ofSeconds(10)).failure();
      if (failure != null) {
         throw new AssertionError(failure);
      }
   }

   public static boolean alive(long pid) {
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
   }

   public static void sleep(long millis) {
      try {
         Thread.sleep(millis);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new AssertionError("interrupted", e);
      }
   }

   /** Kills what is still running of the process group. */
   @Override
   public void close() {
      if (process.isAlive()) {
         try {
            signalGroup("KILL");
         } catch (AssertionError e) {
            process.destroyForcibly();
         }
      }
   }
}
