package jdbcpoollab.simulations;

import io.gatling.app.Gatling$;
import jdbcpoollab.report.Json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs a simulation inside the test JVM, as {@code mvn gatling:test} would, and finds the run folder it wrote. */
public final class GatlingRun {

   /**
    * @param exitCode Gatling's status: 0 success, 2 assertions failed
    * @param folder   the lab's run folder, {@code results/<timestamp>-<simulation>}
    * @param console  what the run printed on standard output
    */
   public record Result(int exitCode, Path folder, String console) {
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
      Path results = Path.of(System.getProperty("lab.results"));
      Set<Path> before = runFolders(results);
      Map<String, String> previous = new HashMap<>();
      options.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
      int code;
      PrintStream out = System.out;
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      System.setOut(new PrintStream(new OutputStream() {
         @Override
         public void write(int b) {
            out.write(b);
            console.write(b);
         }

         @Override
         public void write(byte[] b, int off, int len) {
            out.write(b, off, len);
            console.write(b, off, len);
         }
      }, true, StandardCharsets.UTF_8));
      try {
         String gatlingResults = System.getProperty("lab.gatlingResults");
         code = reports
               ? Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults})
               : Gatling$.MODULE$.fromArgs(new String[] {"-s", simulation.getName(), "-rf", gatlingResults, "-nr"});
      } finally {
         System.out.flush();
         System.setOut(out);
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
      if (created.size() != 1) {
         throw new AssertionError("expected one new run folder in " + results + ", found " + created);
      }
      return new Result(code, created.iterator().next(), console.toString(StandardCharsets.UTF_8));
   }

   private static Set<Path> runFolders(Path results) {
      if (!Files.isDirectory(results)) {
         return new java.util.HashSet<>();
      }
      try (Stream<Path> dirs = Files.list(results)) {
         return dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().equals("gatling"))
               .collect(Collectors.toSet());
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
