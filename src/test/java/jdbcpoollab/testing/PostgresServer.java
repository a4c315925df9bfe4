package jdbcpoollab.testing;

import jdbcpoollab.db.Database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A throwaway PostgreSQL server for tests: Debian's {@code postgresql} package (installed when missing), a fresh data
 * folder, a free loopback port, password authentication, and a database {@value #DATABASE} owned by user
 * {@value #USER}. As root the server runs as the {@code postgres} OS user, as PostgreSQL requires. {@link #close()}
 * stops the one server this object started and deletes its folder.
 */
public final class PostgresServer implements AutoCloseable {
   public static final String DATABASE = "lab";
   public static final String USER = "lab";
   private static final Path VERSIONS = Path.of("/usr/lib/postgresql");

   private final Path bin;
   private final Path data;
   private final int port;
   private final String password = "pw-" + UUID.randomUUID();
   private final Thread stopOnExit = new Thread(this::stop, "postgres-stop");
   private Long pid;

   private PostgresServer(Path bin, Path data, int port) {
      this.bin = bin;
      this.data = data;
      this.port = port;
   }

   /** Starts a server, or skips the calling test with the reason when PostgreSQL cannot be installed. */
   public static PostgresServer startOrSkip() {
      String missing = DebianPackages.ensure(VERSIONS + "/<version>/bin/postgres", PostgresServer::installed,
            "postgresql");
      if (missing != null) {
         System.err.println("PostgreSQL tests skipped: " + missing);
      }
      assumeTrue(missing == null, () -> "PostgreSQL tests skipped: " + missing);
      Path bin = installed().get(0);
      try {
         Path data = Files.createTempDirectory("jpl-postgres-");
         PostgresServer server = new PostgresServer(bin, data, freePort());
         try {
            server.start();
         } catch (RuntimeException e) {
            server.close();
            throw e;
         }
         return server;
      } catch (IOException e) {
         throw new UncheckedIOException("cannot prepare a PostgreSQL data folder: " + e.getMessage(), e);
      }
   }

   /** The bin folders of the installed server versions, newest first. */
   static List<Path> installed() {
      if (!Files.isDirectory(VERSIONS)) {
         return List.of();
      }
      try (Stream<Path> versions = Files.list(VERSIONS)) {
         return versions.map(v -> v.resolve("bin"))
               .filter(b -> Files.isExecutable(b.resolve("postgres")) && Files.isExecutable(b.resolve("initdb")))
               .sorted(Comparator.comparingDouble((Path b) -> version(b)).reversed())
               .toList();
      } catch (IOException e) {
         return List.of();
      }
   }

   private static double version(Path bin) {
      try {
         return Double.parseDouble(bin.getParent().getFileName().toString());
      } catch (NumberFormatException e) {
         return 0;
      }
   }

   public String url() {
      return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
   }

   public String password() {
      return password;
   }

   /** The options that make this server, through the lab's own account, a run's target. */
   public Map<String, String> target() {
      return Map.of("db.url", url(), "db.user", USER, "db.password", password);
   }

   /** The lab's own account on this server. */
   public Database database() {
      return new Database(url(), USER, password);
   }

   /** The server's log: what it writes to stderr, with the {@code log_*} settings in force. */
   public Path serverLog() {
      return data.resolve("server.log");
   }

   /** The URL of the {@code postgres} database, where user {@code postgres} (with {@link #password()}) logs in. */
   public String superuserUrl() {
      return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
   }

   public String version() {
      return bin.getParent().getFileName().toString();
   }

   private void start() throws IOException {
      boolean root = "root".equals(System.getProperty("user.name"));
      Path pwfile = data.resolveSibling(data.getFileName() + ".pw");
      Path pgdata = data.resolve("pgdata");
      Files.writeString(pwfile, password + "\n", StandardCharsets.UTF_8);
      if (root) {
         run(List.of("chown", "-R", "postgres:postgres", data.toString(), pwfile.toString()));
      }
      try {
         run(asServerUser(root, bin.resolve("initdb").toString(), "-D", pgdata.toString(), "-U", "postgres",
               "--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile=" + pwfile, "-N", "-E", "UTF8",
               "--locale=C"));
      } finally {
         Files.deleteIfExists(pwfile);
      }
      String options = "-c listen_addresses=127.0.0.1 -p " + port + " -c unix_socket_directories=" + data
            + " -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
      Runtime.getRuntime().addShutdownHook(stopOnExit);
      run(asServerUser(root, bin.resolve("pg_ctl").toString(), "start", "-D", pgdata.toString(), "-w", "-t", "60",
            "-l", data.resolve("server.log").toString(), "-o", options));
      pid = Long.parseLong(Files.readAllLines(pgdata.resolve("postmaster.pid")).get(0).trim());
      try (var c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres",
            password); Statement st = c.createStatement()) {
         st.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + password + "'");
         st.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
      } catch (SQLException e) {
         close();
         throw new IllegalStateException("PostgreSQL started but refuses its superuser: " + e.getMessage(), e);
      }
   }

   @Override
   public void close() {
      stop();
      try {
         Runtime.getRuntime().removeShutdownHook(stopOnExit);
      } catch (IllegalStateException ignored) {
         // already shutting down: the hook runs stop() itself
      }
   }

   private synchronized void stop() {
      if (pid != null) {
         boolean root = "root".equals(System.getProperty("user.name"));
         try {
            run(asServerUser(root, bin.resolve("pg_ctl").toString(), "stop", "-D", data.resolve("pgdata").toString(),
                  "-m", "fast", "-w", "-t", "30"));
         } catch (RuntimeException e) {
            System.err.println("PostgreSQL did not stop cleanly, killing PID " + pid + ": " + e.getMessage());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
         }
         pid = null;
      }
      deleteTree(data);
   }

   private static List<String> asServerUser(boolean root, String... command) {
      List<String> line = new ArrayList<>();
      if (root) {
         line.addAll(List.of("runuser", "-u", "postgres", "--"));
      }
      line.addAll(List.of(command));
      return line;
   }

   private static void run(List<String> command) {
      try {
         Path log = Files.createTempFile("jpl-pg", ".log");
         Process process = new ProcessBuilder(command).directory(log.getParent().toFile())
               .redirectErrorStream(true).redirectOutput(log.toFile())
               .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
         boolean done = process.waitFor(90, TimeUnit.SECONDS);
         String output = Files.readString(log).trim();
         Files.deleteIfExists(log);
         if (!done) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " took longer than 90 s: " + output);
         }
         if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + process.exitValue() + ": "
                  + output);
         }
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new IllegalStateException("interrupted: " + String.join(" ", command));
      }
   }

   private static void deleteTree(Path dir) {
      if (!Files.exists(dir)) {
         return;
      }
      try (Stream<Path> paths = Files.walk(dir)) {
         paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
         System.err.println("could not delete " + dir + ": " + e.getMessage());
      }
   }

   private static int freePort() {
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         return socket.getLocalPort();
      } catch (IOException e) {
         throw new UncheckedIOException("no free loopback port: " + e.getMessage(), e);
      }
   }
}
