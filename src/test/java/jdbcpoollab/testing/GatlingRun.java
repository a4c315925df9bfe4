package jdbcpoollab.testing;

import io.gatling.app.Gatling$;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs a simulation inside the test JVM, as {@code mvn gatling:test} would, and finds the run folder it wrote. */
public final class GatlingRun {

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

   public static synchronized Result run(Class<?> simulation, Map<String, String> options, boolean reports) {
      Map<String, String> previous = new HashMap<>();
      options.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
      Path results = Path.of(System.getProperty("lab.results"));
      Set<Path> before = runFolders(results);
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      PrintStream out = System.out;
      PrintStream err = System.err;
      System.setOut(new PrintStream(new Tee(out, console), true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(new Tee(err, console), true, StandardCharsets.UTF_8));
      Path exitCodeFile = Path.of(System.getProperty("java.io.tmpdir"),
            "jdbc-pool-lab-exit-code-" + ProcessHandle.current().pid() + ".txt");
      delete(exitCodeFile);
      String previousExitCodeFile = System.setProperty("lab.exitCodeFile", exitCodeFile.toString());
      int code;
      String failure = null;
      try {
         String gatlingResults = System.getProperty("lab.gatlingResults");
         code = reports
               ? Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults})
               : Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults, "-nr"});
         int lab = Files.exists(exitCodeFile) ? Integer.parseInt(read(exitCodeFile)) : 0;
         code = code == 0 ? lab : code;
      } catch (RuntimeException e) {
         Exit.LabExit exit = labExit(e);
         code = exit.code();
         failure = exit.getMessage();
      } finally {
         delete(exitCodeFile);
         if (previousExitCodeFile == null) {
            System.clearProperty("lab.exitCodeFile");
         } else {
            System.setProperty("lab.exitCodeFile", previousExitCodeFile);
         }
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

   /** The lab's own end of the run, however deep Gatling wrapped it; anything else is a real crash. */
   private static Exit.LabExit labExit(RuntimeException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
         if (t instanceof Exit.LabExit exit) {
            return exit;
         }
      }
      throw e;
   }

   private static String read(Path file) {
      try {
         return Files.readString(file).trim();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   private static void delete(Path file) {
      try {
         Files.deleteIfExists(file);
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
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
