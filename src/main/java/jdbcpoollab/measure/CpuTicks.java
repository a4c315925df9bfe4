package jdbcpoollab.measure;

import jdbcpoollab.db.ServerActivity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Linux's CPU counters at one moment, in ticks: the whole machine's from {@code /proc/stat} (all CPUs), this JVM's and
 * the database server's from {@code /proc/[pid]/stat} (utime + stime). Two of them make a window's {@link MachineCpu}.
 *
 * @param total  every tick of every CPU: user, nice, system, idle, iowait, irq, softirq and steal
 * @param busy   user + nice + system + irq + softirq (guest time is inside user already)
 * @param steal  time the hypervisor gave the machine's CPUs to someone else
 * @param cpus   the CPUs /proc/stat lists
 * @param jvm    this JVM's utime + stime
 * @param server the database server's utime + stime; -1 when its process is unknown or unreadable
 */
public record CpuTicks(long total, long busy, long steal, int cpus, long jvm, long server) {
   private static final Path PROC = Path.of("/proc");

   /** The counters now; empty where /proc cannot be read, as on any other system than Linux. */
   public static Optional<CpuTicks> read(OptionalLong serverPid) {
      try {
         String stat = Files.readString(PROC.resolve("stat"), StandardCharsets.US_ASCII);
         String self = Files.readString(PROC.resolve("self").resolve("stat"), StandardCharsets.US_ASCII);
         return Optional.of(parse(stat, self, serverPid.isPresent() ? serverStat(serverPid.getAsLong()) : null));
      } catch (IOException | RuntimeException e) {
         return Optional.empty();
      }
   }

   private static String serverStat(long pid) {
      try {
         return Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.US_ASCII);
      } catch (IOException | RuntimeException e) {
         // gone, or another user's process on a hardened /proc: the server's share is unknown, the rest stands
         return null;
      }
   }

   /**
    * From the text of /proc/stat and of the two processes' /proc/[pid]/stat.
    *
    * @param serverStat null when the server's process is unknown
    * @throws IllegalArgumentException when /proc/stat has no aggregate {@code cpu} line
    */
   public static CpuTicks parse(String procStat, String jvmStat, String serverStat) {
      long[] cpu = null;
      int cpus = 0;
      for (String line : procStat.split("\n")) {
         if (line.startsWith("cpu ")) {
            cpu = fields(line);
         } else if (line.matches("cpu\\d+ .*")) {
            cpus++;
         }
      }
      if (cpu == null || cpu.length < 8) {
         throw new IllegalArgumentException("no aggregate cpu line of 8 fields in /proc/stat");
      }
      // user nice system idle iowait irq softirq steal [guest guest_nice]: guest is counted in user already
      long total = 0;
      for (int i = 0; i < 8; i++) {
         total += cpu[i];
      }
      return new CpuTicks(total, cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6], cpu[7], Math.max(1, cpus),
            ServerActivity.cpuTicks(jvmStat), serverStat == null ? -1 : ServerActivity.cpuTicks(serverStat));
   }

   private static long[] fields(String line) {
      String[] f = line.trim().split(" +");
      long[] values = new long[f.length - 1];
      for (int i = 1; i < f.length; i++) {
         values[i - 1] = Long.parseLong(f[i]);
      }
      return values;
   }
}
