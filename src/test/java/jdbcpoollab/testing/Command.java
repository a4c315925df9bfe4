package jdbcpoollab.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command to its end, within a time limit, with no input; its output is kept. */
public final class Command {

   /**
    * @param exitCode the command's exit code; -1 when it could not start or ran out of time
    * @param output   what it printed, standard error included
    */
   public record Result(String command, int exitCode, String output) {

      /** Null when the command succeeded, otherwise one line: what ran, how it ended, its last lines. */
      public String failure() {
         if (exitCode == 0) {
            return null;
         }
         List<String> lines = output.lines().toList();
         return command + (exitCode < 0 ? " did not finish" : " exited " + exitCode) + ": "
               + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
      }
   }

   private Command() {
   }

   /** @param dir the working folder, or null for the current one */
   public static Result run(List<String> command, Path dir, Map<String, String> env, Duration limit) {
      String name = String.join(" ", command);
      Path log = null;
      try {
         log = Files.createTempFile("command", ".log");
         ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
               .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
         if (dir != null) {
            builder.directory(dir.toFile());
         }
         builder.environment().putAll(env);
         Process process = builder.start();
         boolean finished = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
         if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
         }
         String output = Files.readString(log, StandardCharsets.UTF_8);
         return new Result(name, finished ? process.exitValue() : -1,
               finished ? output : output + "\n(stopped after " + limit.toSeconds() + " s)");
      } catch (IOException e) {
         return new Result(name, -1, String.valueOf(e.getMessage()));
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         return new Result(name, -1, "interrupted");
      } finally {
         if (log != null) {
            try {
               Files.deleteIfExists(log);
            } catch (IOException ignored) {
               // a temporary file
            }
         }
      }
   }
}
