package jdbcpoollab.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An instance's data folder under lab.home. One run at a time owns it, through a file lock that names its process;
 * a server left running on it by a run that was killed is found through its pid file and stopped. A run that finds
 * it held can take a folder beside it ({@link #lockBeside}).
 */
final class DataFolder {
   private static final long ORPHAN_STOP_SECONDS = 60;

   private final Path home;
   private final String instance;
   private final String version;
   private FileChannel lockChannel;
   private FileLock lock;

   /** @param version the server's, whose data files the folder holds */
   DataFolder(Path home, String instance, String version) {
      this.home = home;
      this.instance = instance;
      this.version = version;
   }

   String instance() {
      return instance;
   }

   Path path() {
      return home.resolve(instance + "-" + version);
   }

   Path pidFile() {
      return path().resolve("mariadbd.pid");
   }

   OptionalLong pid() {
      try {
         return OptionalLong.of(Long.parseLong(Files.readString(pidFile(), StandardCharsets.US_ASCII).trim()));
      } catch (IOException | NumberFormatException e) {
         return OptionalLong.empty();
      }
   }

   /**
    * Takes the instance's lock and writes this process's id into it, unless another run holds it.
    *
    * @return empty when this run holds the lock now; else who holds it, such as {@code " (pid 4242)"}, or {@code ""}
    *       when the holder wrote no process id
    */
   Optional<String> lock() throws IOException {
      lockChannel = FileChannel.open(home.resolve(instance + ".lock"), StandardOpenOption.CREATE,
            StandardOpenOption.READ, StandardOpenOption.WRITE);
      try {
         lock = lockChannel.tryLock();
      } catch (OverlappingFileLockException e) {
         lock = null;
      }
      if (lock == null) {
         String holder = owner();
         lockChannel.close();
         lockChannel = null;
         return Optional.of(holder);
      }
      lockChannel.truncate(0);
      byte[] pid = Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII);
      lockChannel.write(ByteBuffer.wrap(pid), 0);
      return Optional.empty();
   }

   /**
    * Locks the first folder beside this one that no run holds: {@code data2}, {@code data3} … up to
    * {@code data<most>}, each a server of its own, so that a run started while another holds this folder needs no
    * folder of its own given.
    *
    * @return the folder now locked; empty when runs hold all of them
    */
   Optional<DataFolder> lockBeside(int most) throws IOException {
      for (int n = 2; n <= most; n++) {
         DataFolder other = new DataFolder(home, instance + n, version);
         if (other.lock().isEmpty()) {
            return Optional.of(other);
         }
      }
      return Optional.empty();
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

   /** Lets the next run have the folder; a lock not taken is nothing to release. */
   void unlock() {
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
    *
    * @return the process id of the server stopped, if there was one
    */
   Optional<Long> stopOrphan() {
      OptionalLong pid = pid();
      if (pid.isEmpty()) {
         return Optional.empty();
      }
      Optional<ProcessHandle> process = ProcessHandle.of(pid.getAsLong())
            .filter(ProcessHandle::isAlive)
            .filter(p -> p.info().commandLine().map(c -> c.contains(path().toString())).orElse(false));
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
}
