package jdbcpoollab.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, for checking a page as a browser shows it: installed when missing, started with a
 * fresh profile and no background traffic, every run bounded in time.
 */
public final class HeadlessChromium {
   public static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
   private static final long TIMEOUT_SECONDS = 90;

   /** What one run of the browser printed: stdout (such as the DOM) and its log on stderr. */
   public record Output(String stdout, String log) {
      /** Messages the page wrote to the browser console, errors included. */
      public List<String> consoleMessages() {
         return log.lines().filter(line -> line.contains(":CONSOLE")).toList();
      }
   }

   private HeadlessChromium() {
   }

   /** @return null when Chromium is ready, otherwise why it could not be installed */
   public static String ensure() {
      return DebianPackages.ensure(EXECUTABLE, "chromium");
   }

   /** The page's DOM after its load event: images loaded, scripts run. */
   public static Output dumpDom(Path page) throws IOException, InterruptedException {
      return run(List.of("--dump-dom"), page);
   }

   public static Output screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
      return run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
            "--screenshot=" + png.toAbsolutePath()), page);
   }

   private static Output run(List<String> action, Path page) throws IOException, InterruptedException {
      Path profile = Files.createTempDirectory("chromium-profile");
      Path out = Files.createTempFile("chromium", ".out");
      Path log = Files.createTempFile("chromium", ".log");
      try {
         List<String> command = new ArrayList<>(List.of(EXECUTABLE.toString(), "--headless", "--no-sandbox",
               "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--disable-quic", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
         command.addAll(action);
         command.add(page.toAbsolutePath().toUri().toString());
         Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile())
               .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
         if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new IllegalStateException("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
         }
         String stdout = Files.readString(out, StandardCharsets.UTF_8);
         String stderr = Files.readString(log, StandardCharsets.UTF_8);
         if (process.exitValue() != 0) {
            throw new IllegalStateException("chromium exited " + process.exitValue() + ": " + stderr);
         }
         return new Output(stdout, stderr);
      } finally {
         Files.deleteIfExists(out);
         Files.deleteIfExists(log);
         deleteTree(profile);
      }
   }

   /** Best effort: a helper process may still be closing its files in the profile. */
   private static void deleteTree(Path dir) {
      try (Stream<Path> files = Files.walk(dir)) {
         for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(p);
         }
      } catch (IOException e) {
         // left for the temporary folder's cleaner
      }
   }
}
