package jdbcpoollab.db;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The database server's process on this machine, whose CPU the lab counts apart from everything else's: the embedded
 * server's own, or a server on this machine found by the port it listens on (Linux's /proc/net/tcp and tcp6 give the
 * listening socket's inode, /proc/[pid]/fd the process holding it, where readable).
 *
 * @param pid the process, empty when unknown
 * @param how how it was found, as the reports say it: {@link #EMBEDDED}, {@link #BY_PORT} or {@link #UNKNOWN}
 */
public record ServerProcess(OptionalLong pid, String how) {
   public static final String EMBEDDED = "embedded server";
   public static final String BY_PORT = "found by its port";
   public static final String UNKNOWN = "unknown";
   public static final ServerProcess NONE = new ServerProcess(OptionalLong.empty(), UNKNOWN);
   private static final String LISTEN = "0A";
   private static final Path PROC = Path.of("/proc");

   /** The embedded server's process when there is one, else the process listening on the database's port here. */
   public static ServerProcess of(Database database, OptionalLong embeddedPid) {
      if (embeddedPid.isPresent()) {
         return new ServerProcess(embeddedPid, EMBEDDED);
      }
      if (database == null || database.port() < 0 || !local(database.host())) {
         return NONE;
      }
      Set<Long> inodes = new HashSet<>();
      for (String table : List.of("tcp", "tcp6")) {
         try {
            inodes.addAll(listening(Files.readString(PROC.resolve("net").resolve(table), StandardCharsets.US_ASCII),
                  database.port()));
         } catch (IOException | RuntimeException e) {
            // no such table (no IPv6, not Linux): the other may still name it
         }
      }
      OptionalLong pid = inodes.isEmpty() ? OptionalLong.empty() : holder(inodes);
      return pid.isPresent() ? new ServerProcess(pid, BY_PORT) : NONE;
   }

   /** The inodes of the sockets listening on {@code port} in a /proc/net/tcp or tcp6 table. */
   static Set<Long> listening(String table, int port) {
      Set<Long> inodes = new HashSet<>();
      String wanted = String.format(Locale.ROOT, ":%04X", port);
      for (String line : table.split("\n")) {
         String[] f = line.trim().split(" +");
         // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
         if (f.length > 9 && f[1].endsWith(wanted) && LISTEN.equals(f[3]) && f[9].matches("\\d+")) {
            long inode = Long.parseLong(f[9]);
            if (inode > 0) {
               inodes.add(inode);
            }
         }
      }
      return inodes;
   }

   /** The first process whose open files hold one of the sockets; empty when none is readable. */
   private static OptionalLong holder(Set<Long> inodes) {
      Set<String> links = new HashSet<>();
      inodes.forEach(i -> links.add("socket:[" + i + "]"));
      try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
         for (Path process : processes) {
            if (holds(process.resolve("fd"), links)) {
               return OptionalLong.of(Long.parseLong(process.getFileName().toString()));
            }
         }
      } catch (IOException | RuntimeException e) {
         return OptionalLong.empty();
      }
      return OptionalLong.empty();
   }

   private static boolean holds(Path fds, Set<String> links) {
      try (DirectoryStream<Path> open = Files.newDirectoryStream(fds)) {
         for (Path fd : open) {
            try {
               if (links.contains(Files.readSymbolicLink(fd).toString())) {
                  return true;
               }
            } catch (IOException | RuntimeException e) {
               // closed meanwhile
            }
         }
      } catch (IOException | RuntimeException e) {
         // another user's process: its files are not ours to read
      }
      return false;
   }

   private static boolean local(String host) {
      try {
         InetAddress address = InetAddress.getByName(host);
         return address.isLoopbackAddress() || address.isAnyLocalAddress()
               || java.net.NetworkInterface.getByInetAddress(address) != null;
      } catch (UnknownHostException | java.net.SocketException e) {
         return false;
      }
   }
}
