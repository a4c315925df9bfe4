package jdbcpoollab.testing;

import io.gatling.app.Gatling$;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.JvmOwner;
import jdbcpoollab.run.LabExit;
import jdbcpoollab.run.OwnJvm;
import jdbcpoollab.runoptions.Simulations;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a simulation inside the test JVM, as {@code mvn gatling:test} would, and finds the run folder it wrote. The
 * test JVM is its own: the lab's ends come back here as exceptions and exit codes instead of ending it.
 */
public final class GatlingRun {
   /** The simulations of the open model, whose JVM warm-up ({@code -DjvmWarmup}) the tests turn off. */
   static final Set<String> OPEN_MODEL = Set.of("RateSweep", "Replay");

   /**
    * @param exitCode the code the Gatling JVM would have exited with: Gatling's (0 success, 2 assertions failed),
    *                 or the lab's when it ended the run (see {@link Exit})
    * @param folder   the lab's run folder, {@code results/<timestamp>-<simulation>}; null if none was created
    * @param failure  the one line the lab printed when it ended the run early, or null
    * @param console  everything printed on the console during the run
    */
   public record Result(int exitCode, Path folder, String failure, String console) {
      public Map<String, Object> summary() {
         return Json.read(folder.resolve("summary.json"));
      }

      @SuppressWarnings("unchecked")
      public List<Map<String, Object>> steps() {
         return (List<Map<String, Object>>) summary().get("steps");
      }

      /** The step of the given workload and pool size. */
      public Map<String, Object> step(String workload, int pool) {
         return steps().stream()
               .filter(s -> workload.equals(s.get("workload")) && ((Number) s.get("pool")).intValue() == pool)
               .findFirst().orElseThrow(() -> new AssertionError("no step " + workload + " pool=" + pool));
      }
   }

   private GatlingRun() {
   }

   /**
    * Runs {@code simulation} with {@code options} set as system properties for the run. A sweep has no JVM warm-up
    * nor settling unless asked for them ({@link #withoutWarmupOrSettling}).
    */
   public static synchronized Result run(Class<?> simulation, Map<String, String> options, boolean reports) {
      Map<String, String> previous = new HashMap<>();
      withoutWarmupOrSettling(simulation, options).forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
      Path results = Path.of(System.getProperty("lab.results"));
      Set<Path> before = runFolders(results);
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      PrintStream out = System.out;
      PrintStream err = System.err;
      System.setOut(new PrintStream(new Tee(out, console), true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(new Tee(err, console), true, StandardCharsets.UTF_8));
      InProcess owner = new InProcess();
      Exit.ownedBy(owner);
      int code;
      String failure = null;
      try {
         String gatlingResults = System.getProperty("lab.gatlingResults");
         code = reports
               ? Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults})
               : Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults, "-nr"});
         code = code == 0 ? owner.exitCode.getAsInt() : code;
      } catch (Exception e) {
         // a simulation that ends the run as Gatling makes it (bad options) comes wrapped, as a checked exception
         LabExit exit = labExit(e);
         code = exit.code();
         failure = exit.getMessage();
      } finally {
         Exit.ownedBy(OwnJvm.OWN);
         System.setOut(out);
         System.setErr(err);
         previous.forEach((k, v) -> {
            if (v == null) {
               System.clearProperty(k);
            } else {
               System.setProperty(k, v);
            }
         });
      }
      Set<Path> created = runFolders(results);
      created.removeAll(before);
      if (created.size() > 1 || (created.isEmpty() && failure == null)) {
         throw new AssertionError("expected one new run folder in " + results + ", found " + created);
      }
      return new Result(code, created.isEmpty() ? null : created.iterator().next(), failure,
            console.toString(StandardCharsets.UTF_8));
   }

   /**
    * The options of a run of {@code simulation}, in this JVM or another, with {@code -DjvmWarmup=0} and
    * {@code -Dsettle.seconds=0} when it is a sweep on PoolSweep's engine (PoolSweep, or a simulation of the package
    * outside the lab's registry, such as OrdersSweep) and neither the options nor the test JVM give them: the tests
    * check what a run counts and writes, not a warm JVM's throughput nor a settled answer; a warm-up of up to 15 s per
    * run would only cost time, and settling would add steps those tests do not count. RateSweep and Replay get
    * {@code -DjvmWarmup=0} alone (they have no settling); the lab's other simulations refuse both as PoolSweep's; a
    * quick look ({@code -Dquick}) leaves them out itself.
    */
   public static Map<String, String> withoutWarmupOrSettling(Class<?> simulation, Map<String, String> options) {
      return withoutWarmupOrSettling(simulation.getSimpleName(), options);
   }

   /** As {@link #withoutWarmupOrSettling(Class, Map)}, the simulation by its simple name. */
   static Map<String, String> withoutWarmupOrSettling(String name, Map<String, String> options) {
      boolean open = OPEN_MODEL.contains(name);
      // a quick look chooses them itself, and says so
      if (!open && !name.equals("PoolSweep") && Simulations.names().contains(name) || options.containsKey("quick")) {
         return options;
      }
      Map<String, String> quick = new HashMap<>(options);
      for (String option : open ? List.of("jvmWarmup") : List.of("jvmWarmup", "settle.seconds")) {
         if (!options.containsKey(option) && System.getProperty(option) == null) {
            quick.put(option, "0");
         }
      }
      return quick;
   }

   /** Runs {@code body}, which ends a run without Gatling (such as {@code -Dcompare}), and returns how it ended. */
   public static synchronized LabExit ending(Supplier<LabExit> body) {
      Exit.ownedBy(new InProcess());
      try {
         return body.get();
      } finally {
         Exit.ownedBy(OwnJvm.OWN);
      }
   }

   /** The lab's own end of the run, however deep Gatling wrapped it; anything else is a real crash. */
   private static LabExit labExit(Exception e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
         if (t instanceof LabExit exit) {
            return exit;
         }
      }
      throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
   }

   /** The run folders under {@code results}. */
   public static Set<Path> runFolders(Path results) {
      if (!Files.isDirectory(results)) {
         return new HashSet<>();
      }
      try (Stream<Path> dirs = Files.list(results)) {
         return dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().equals("gatling"))
               .collect(Collectors.toSet());
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   /**
    * Waits, for up to 3 minutes, until a run folder in {@code results} that is not one of {@code before} is
    * {@code ready} (as another thread's run writes it), polling every 20 ms; fails naming {@code what} otherwise.
    */
   public static void awaitRunFolder(Path results, Set<Path> before, Predicate<Path> ready, String what) {
      long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
      while (System.nanoTime() < deadline) {
         Set<Path> now = runFolders(results);
         now.removeAll(before);
         if (now.stream().anyMatch(ready)) {
            return;
         }
         LabProcess.sleep(20);
      }
      throw new AssertionError("no run in " + results + " " + what);
   }

   /** The test JVM as the owner of a run: it is handed the run's end and its exit code, and keeps running. */
   private static final class InProcess implements JvmOwner {
      private volatile IntSupplier exitCode = () -> 0;

      @Override
      public LabExit end(LabExit exit) {
         return exit;
      }

      /** Only the shutdown: a run still going as the test JVM ends is written as interrupted, as in its own JVM. */
      @Override
      public void started(Consumer<Throwable> shutdown, IntSupplier code) {
         exitCode = code;
         Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown.accept(null), "lab-shutdown"));
      }
   }

   /** Writes to the console and keeps a copy. */
   private static final class Tee extends OutputStream {
      private final OutputStream console;
      private final OutputStream copy;

      Tee(OutputStream console, OutputStream copy) {
         this.console = console;
         this.copy = copy;
      }

      @Override
      public synchronized void write(int b) throws IOException {
         console.write(b);
         copy.write(b);
      }

      @Override
      public synchronized void write(byte[] b, int off, int len) throws IOException {
         console.write(b, off, len);
         copy.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
         console.flush();
      }
   }
}
