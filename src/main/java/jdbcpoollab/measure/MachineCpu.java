package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;

/**
 * The machine's CPU over a step's measured window, split by who used it: this JVM (the load generator), the database
 * server's process, everything else on the machine, and steal (CPU time the hypervisor gave to another guest). In
 * cores; each share is of the whole machine (1 = every core busy all along).
 *
 * @param server      how the server's process was found ({@code embedded server}, {@code found by its port}) or
 *                    {@code unknown}; when unknown, a server on this machine counts among the others
 * @param cpus        the machine's CPUs
 * @param jvmCores    this JVM's CPU, in cores
 * @param serverCores the database server's, NaN when its process is unknown
 * @param othersCores every other process's busy time (user, nice, system, irq, softirq), in cores
 * @param stealCores  steal, in cores
 * @param maxPct      the share of the machine others and steal may take before the step is disturbed, in %
 * @param disturbed   whether others and steal took more than {@code maxPct} of the machine
 */
public record MachineCpu(String server, int cpus,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double jvmCores,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double serverCores,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double othersCores,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double stealCores,
                         @Decimals(1) @JsonDeserialize(using = Rounded.NanWhenNull.class) double maxPct,
                         boolean disturbed) {
   /** Not measured: no /proc (not Linux), unreadable, or a summary written before the lab split the machine. */
   public static final MachineCpu UNKNOWN = new MachineCpu("unknown", 0, Double.NaN, Double.NaN, Double.NaN,
         Double.NaN, Double.NaN, false);

   /** Read back without how the server was found: unknown. */
   public MachineCpu {
      server = server == null ? "unknown" : server;
   }

   /**
    * The split of the window from {@code from} to {@code to}, judged by {@code verdict}; unknown when no tick passed.
    *
    * @param server how the server's process was found
    */
   public static MachineCpu between(CpuTicks from, CpuTicks to, String server, Disturbance verdict) {
      long total = to.total() - from.total();
      if (total <= 0) {
         return UNKNOWN;
      }
      double perTick = (double) to.cpus() / total;
      long jvm = Math.max(0, to.jvm() - from.jvm());
      boolean serverKnown = from.server() >= 0 && to.server() >= 0;
      long db = serverKnown ? Math.max(0, to.server() - from.server()) : 0;
      // a process's ticks and the machine's are counted apart: a few ticks' disagreement is no negative other
      long others = Math.max(0, to.busy() - from.busy() - jvm - db);
      long steal = Math.max(0, to.steal() - from.steal());
      return new MachineCpu(serverKnown ? server : "unknown", to.cpus(), jvm * perTick,
            serverKnown ? db * perTick : Double.NaN, others * perTick, steal * perTick, verdict.maxPct(),
            verdict.disturbed((double) others / total, (double) steal / total));
   }

   /** Leaves an unmeasured split out of summary.json, as a summary written before the lab split the machine had none. */
   public static final class Unmeasured {
      @Override
      public boolean equals(Object value) {
         return value == null || value instanceof MachineCpu m && !m.known();
      }

      @Override
      public int hashCode() {
         return 0;
      }
   }

   /** True when the window was split at all. */
   public boolean known() {
      return cpus > 0 && Double.isFinite(jvmCores);
   }

   /**
    * Each part's share of the machine (1 = every core busy all along), as {@code summary.json} writes them.
    *
    * @param server NaN when the server's process is unknown
    */
   public record Shares(@Decimals(4) double jvm, @Decimals(4) double server, @Decimals(4) double others,
                        @Decimals(4) double steal) {
   }

   @JsonProperty(value = "shares", access = JsonProperty.Access.READ_ONLY)
   public Shares shares() {
      return new Shares(share(jvmCores), share(serverCores), share(othersCores), share(stealCores));
   }

   public double othersShare() {
      return share(othersCores);
   }

   public double stealShare() {
      return share(stealCores);
   }

   private double share(double cores) {
      return cpus > 0 ? cores / cpus : Double.NaN;
   }
}
