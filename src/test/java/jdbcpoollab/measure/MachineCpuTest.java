package jdbcpoollab.measure;

import jdbcpoollab.files.Json;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine's CPU read from Linux's /proc, split between this JVM, the server, the others and steal, and judged. */
class MachineCpuTest {
   /** /proc/stat of a 2-core virtual machine, as read (the long intr and softirq lines left out). */
   private static final String PROC_STAT = """
         cpu  1675057 1199 162255 456659 4576 0 11143 12793 0 0
         cpu0 840166 560 76761 232461 1155 0 4657 6081 0 0
         cpu1 834890 638 85494 224197 3421 0 6485 6712 0 0
         ctxt 38158688
         btime 1796168205
         processes 153406
         procs_running 23
         procs_blocked 0
         """.replace("\n         ", "\n");
   /** /proc/[pid]/stat of a process of the same machine: utime 294, stime 421 (fields 14 and 15). */
   private static final String PID_STAT = "1 (process_api) S 0 0 0 0 -1 4194560 50904 106838731 0 9821 294 421 1550128"
         + " 145620 10 -10 13 0 15 47939584 3627 18446744073709551615 1 1 0 0 0 0 0 4096 1256 0 0 0 17 0 0 0 0 0 0 0 0"
         + " 0 0 0 0 0 0\n";
   private static final Disturbance TEN_PCT = Disturbance.DEFAULT;

   @Test
   void procStatGivesTheMachinesTicksAndEachProcessItsUserPlusSystemTicks() {
      CpuTicks t = CpuTicks.parse(PROC_STAT, PID_STAT, PID_STAT);
      assertEquals(1675057 + 1199 + 162255 + 456659 + 4576 + 0 + 11143 + 12793, t.total(), "user..steal, no guest");
      assertEquals(1675057 + 1199 + 162255 + 0 + 11143, t.busy(), "user + nice + system + irq + softirq");
      assertEquals(12793, t.steal());
      assertEquals(2, t.cpus());
      assertEquals(294 + 421, t.jvm());
      assertEquals(294 + 421, t.server());
      assertEquals(-1, CpuTicks.parse(PROC_STAT, PID_STAT, null).server(), "an unknown server");
      assertThrows(IllegalArgumentException.class, () -> CpuTicks.parse("ctxt 1\n", PID_STAT, null));
   }

   @Test
   void thisMachinesProcIsReadWhereItExists() {
      Optional<CpuTicks> now = CpuTicks.read(OptionalLong.of(ProcessHandle.current().pid()));
      if (!System.getProperty("os.name").toLowerCase().contains("linux")) {
         assertTrue(now.isEmpty(), "no /proc: no figures, never zeros");
         return;
      }
      assertTrue(now.isPresent());
      assertEquals(Runtime.getRuntime().availableProcessors(), now.get().cpus());
      long later = now.get().server() - now.get().jvm();
      assertTrue(later >= 0 && later < 100, "this JVM as the server: the same process, read a moment later");
      assertTrue(now.get().jvm() > 0 && now.get().busy() < now.get().total());
   }

   @Test
   void theWindowIsSplitIntoJvmServerOthersAndStealOfTheWholeMachine() {
      // 1000 ticks of 2 CPUs: the JVM 200, the server 500, busy 850 in all, steal 50
      CpuTicks from = new CpuTicks(10_000, 4_000, 100, 2, 300, 700);
      CpuTicks to = new CpuTicks(11_000, 4_850, 150, 2, 500, 1_200);
      MachineCpu m = MachineCpu.between(from, to, "embedded server", TEN_PCT);
      assertEquals(0.4, m.jvmCores(), 1e-9);
      assertEquals(1.0, m.serverCores(), 1e-9);
      assertEquals(0.3, m.othersCores(), 1e-9, "850 - 200 - 500 = 150 ticks of 1000, of 2 cores");
      assertEquals(0.1, m.stealCores(), 1e-9);
      assertEquals(0.15, m.othersShare(), 1e-9);
      assertEquals(0.05, m.stealShare(), 1e-9);
      assertEquals(new MachineCpu.Shares(0.2, 0.5, 0.15, 0.05), m.shares());
      assertTrue(m.disturbed(), "20% of the machine is over 10%");
      assertFalse(MachineCpu.between(from, to, "embedded server", new Disturbance(20)).disturbed(),
            "20% is not over 20%");
      assertEquals("embedded server", m.server());
   }

   @Test
   void anUnknownServerCountsAmongTheOthersAndNothingIsEverNegative() {
      CpuTicks from = new CpuTicks(10_000, 4_000, 0, 2, 300, -1);
      CpuTicks to = new CpuTicks(11_000, 4_100, 0, 2, 500, -1);
      MachineCpu unknown = MachineCpu.between(from, to, "found by its port", TEN_PCT);
      assertEquals("unknown", unknown.server());
      assertTrue(Double.isNaN(unknown.serverCores()));
      assertEquals(0.0, unknown.othersCores(), "the JVM's ticks counted apart ran ahead of the machine's: 0, not -0.2");
      assertFalse(unknown.disturbed());
      assertFalse(MachineCpu.between(from, from, "embedded server", TEN_PCT).known(), "no tick passed: unknown");
   }

   @Test
   void theThresholdIsAShareOfTheMachineFrom0To100() {
      assertEquals(10, Disturbance.DEFAULT.maxPct());
      assertThrows(IllegalArgumentException.class, () -> new Disturbance(101));
      assertThrows(IllegalArgumentException.class, () -> new Disturbance(-1));
      assertTrue(new Disturbance(0).disturbed(0.001, 0));
      assertFalse(new Disturbance(100).disturbed(0.7, 0.3));
   }

   @Test
   void summaryJsonHoldsTheSplitAndReadsItBackUnknownWhenAnOlderRunHadNone() {
      MachineCpu m = MachineCpu.between(new CpuTicks(0, 0, 0, 2, 0, 0), new CpuTicks(1_000, 700, 30, 2, 100, 400),
            "embedded server", TEN_PCT);
      StepResources written = new StepResources(null, 1.0, null, DatabaseActivity.NONE, ClientCpu.UNKNOWN, m);
      Map<String, Object> json = Json.toMap(written);
      @SuppressWarnings("unchecked")
      Map<String, Object> machine = (Map<String, Object>) json.get("machine");
      assertEquals(true, machine.get("disturbed"));
      @SuppressWarnings("unchecked")
      Map<String, Object> shares = (Map<String, Object>) machine.get("shares");
      assertEquals(Map.of("jvm", 0.1, "server", 0.4, "others", 0.2, "steal", 0.03), shares);
      assertEquals(0.4, ((Number) machine.get("othersCores")).doubleValue(), 1e-9);
      assertEquals(m, Json.as(json, StepResources.class).machine());
      json.remove("machine");
      MachineCpu old = Json.as(json, StepResources.class).machine();
      assertFalse(old.known());
      assertFalse(old.disturbed());
   }
}
