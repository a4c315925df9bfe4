package jdbcpoollab.capture;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The general log's settings as a capture found them, written to its run folder before it switches anything and
 * removed once it has put them back. A capture that could not put them back (killed with SIGKILL, a crash, its
 * connection lost) leaves the file, and the next capture of the same server on the same results folder restores them.
 *
 * @param server     the server's identity ({@link ServerIdentity})
 * @param generalLog {@code @@global.general_log} as found
 * @param logOutput  {@code @@global.log_output} as found
 * @param file       where it is written
 */
public record LogState(String server, String generalLog, String logOutput, Path file) {
   /** The file's name in a capture's run folder. */
   public static final String FILE = "general-log.state";

   /** Writes the file whole (a temporary file renamed), before anything is switched. */
   void write() {
      Properties p = new Properties();
      p.setProperty("server", server);
      p.setProperty("general_log", generalLog);
      p.setProperty("log_output", logOutput);
      Path temporary = file.resolveSibling(FILE + ".tmp");
      try {
         try (Writer w = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            p.store(w, "the general log as the capture found it; removed once it is put back (docs/replay.md)");
         }
         Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot note the general log's settings in " + file + " before switching it",
               e);
      }
   }

   /** Removes the file: the settings are back. */
   void remove() {
      try {
         Files.deleteIfExists(file);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot remove " + file, e);
      }
   }

   /** The states of {@code server} that captures in the run folders of {@code results} left, {@code except}'s not. */
   static List<LogState> leftIn(Path results, String server, Path except) {
      List<LogState> left = new ArrayList<>();
      if (results == null || !Files.isDirectory(results)) {
         return left;
      }
      try (Stream<Path> folders = Files.list(results)) {
         for (Path folder : folders.filter(f -> !f.equals(except)).sorted().toList()) {
            Path file = folder.resolve(FILE);
            if (!Files.isRegularFile(file)) {
               continue;
            }
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
               p.load(r);
            }
            String on = p.getProperty("general_log");
            String output = p.getProperty("log_output");
            if (server.equals(p.getProperty("server")) && on != null && on.matches("(?i)0|1|ON|OFF")
                  && output != null && output.matches("(?i)[A-Z,]+")) {
               left.add(new LogState(server, on, output, file));
            }
         }
      } catch (IOException e) {
         throw new UncheckedIOException("cannot look for the general log's settings a killed capture left in "
               + results, e);
      }
      return left;
   }
}
