package jdbcpoollab.report;

import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepResult;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

import static jdbcpoollab.analysis.NumberText.fixed;

/**
 * A step's {@link StepChecks} as every output shows them: the acquire P99 counting the waits still open at the close
 * (a lower bound, "≥ X"), the open operations, Little's law as a check, and the drift flag.
 */
final class StepChecksText {
   static final String NOT_STEADY = "not steady";
   static final String INCOMPLETE = "incomplete";

   static final String LITTLE = "Little = throughput x (R + Z) / users, R the mean time per operation inside the "
         + "window, counting the operations still open at the close (the completed ones alone after the slash); at "
         + "most 1, near 1 when the window saw all its users' time. Below " + StepChecks.LITTLE_LOW + " most of the "
         + "missing time is in waits that did not end inside the window, and the step's acquire numbers are marked "
         + INCOMPLETE + ".";

   private StepChecksText() {
   }

   /** The acquire P99 counting the open waits: "≥ X" when a wait was open at the close, else X. */
   static String censoredP99(StepResult s) {
      StepChecks c = s.checks();
      if (c.acquireWithOpen().count() == 0) {
         return "n/a";
      }
      return (c.openWaits() ? "≥ " : "") + fixed(c.acquireWithOpen().p99(), 3);
   }

   /** The oldest wait open at the close, in ms, shown beside the censored P99; "-" when none was. */
   static String oldestOpen(StepResult s) {
      StepChecks c = s.checks();
      return c.openWaits() ? fixed(c.oldestOpenMs(), 3) : "-";
   }

   /** The operations open at the close: their count, and the oldest's age in ms. */
   static String open(StepResult s) {
      StepChecks c = s.checks();
      return c.openAtClose().count() == 0 ? "0" : c.openAtClose().count() + " (" + fixed(c.openAtClose().oldestMs(), 1)
            + ")";
   }

   /** Little's ratio counting the open operations, and the completed-only one after a slash. */
   static String little(StepResult s) {
      StepChecks c = s.checks();
      return fixed(c.littleRatio(), 2) + " / " + fixed(c.littleRatioCompleted(), 2);
   }

   /** An acquire number as a table shows it, marked incomplete when Little's law says it misses too much. */
   static String acquire(StepResult s, double ms) {
      return fixed(ms, 3) + (s.checks().littleLow() ? " (" + INCOMPLETE + ")" : "");
   }

   /** What marks a step's first cell: " (not steady)" when its throughput drifted over the window. */
   static String mark(StepResult s) {
      return s.checks().notSteady() ? " (" + NOT_STEADY + ")" : "";
   }

   /** The checks as a step's console line ends: the open operations, the censored P99, Little, the drift. */
   static String console(StepResult s) {
      StepChecks c = s.checks();
      if (c.acquireWithOpen().count() == 0) {
         return "";
      }
      return String.format(Locale.ROOT, ", open at close %d (%d waiting, oldest %.1f ms), acquire p99 counting them"
                  + " %s ms%s, Little %s%s%s%s", c.openAtClose().count(), c.openAtClose().waiting(),
            c.openAtClose().oldestMs(), censoredP99(s),
            c.openWaits() ? " (oldest open wait " + oldestOpen(s) + " ms)" : "", little(s),
            c.littleLow() ? " (acquire numbers " + INCOMPLETE + ")" : "",
            c.usersStarting() ? ", " + starting(s) : "", c.notSteady() ? ", " + drift(s) : "");
   }

   /** The JIT as a step's console line says it when it was still compiling through the window, else nothing. */
   static String jitConsole(StepResult s) {
      return !jitBusy(s) ? "" : String.format(Locale.ROOT, ", the JIT compiling %.0f ms a second (still warming)",
            s.runtime().jvm().jitMsPerSecond());
   }

   /**
    * The garbage collector's pauses in the window as a step's console line says them, when there were any: each
    * request under way or arriving then waited for them, which the database did not cause.
    */
   static String gcConsole(StepResult s) {
      JvmPeaks jvm = s.runtime().jvm();
      if (jvm == null || jvm.gcPauses() == null || jvm.gcPauses() == 0) {
         return "";
      }
      return String.format(Locale.ROOT, ", GC paused the JVM %d time%s, %d ms in all", jvm.gcPauses(),
            jvm.gcPauses() == 1 ? "" : "s", jvm.gcPauseMs());
   }

   /**
    * The checks of an open-loop step as its console line ends: the requests open at the close, Little's law as
    * L / λW (the completed ones alone after the slash), the drift.
    */
   static String openLoop(StepResult s) {
      StepChecks c = s.checks();
      if (c.acquireWithOpen().count() == 0) {
         return "";
      }
      return String.format(Locale.ROOT, ", open at close %s, L / λW %s%s", open(s), little(s),
            c.notSteady() ? ", " + drift(s) : "");
   }

   /**
    * What a step's low Little's ratio means, in one line, or null when it is not low; that users were still starting
    * when the window opened, when they were; its drift, when it drifted; and the JIT, when it was still compiling.
    */
   static String warning(StepResult s) {
      StepChecks c = s.checks();
      String little = !c.littleLow() ? null : c.usersStarting() ? String.format(Locale.ROOT, "Little %s: the window "
            + "saw %.0f%% of its users' time in operations it could count; %s: the time before a user's first "
            + "operation is in none, a low ratio without any wait (a longer -Dwarmup lets them all start)", little(s),
            100 * c.littleRatio(), starting(s))
            : String.format(Locale.ROOT, "Little %s: the window saw %.0f%% of its users' time in operations it could "
            + "count; the rest went in waits that did not end inside the window, so its acquire numbers are %s",
            little(s), 100 * c.littleRatio(), INCOMPLETE);
      String users = little == null && c.usersStarting() ? starting(s) : little;
      List<String> parts = Stream.of(users, c.notSteady() ? drift(s) : null, jit(s)).filter(Objects::nonNull)
            .toList();
      return parts.isEmpty() ? null : s.label() + ": " + String.join("; ", parts);
   }

   /**
    * The users still starting when the window opened, in words: {@code 1222 of 5000 users had not started when the
    * window opened (3778 present in it)}.
    */
   static String starting(StepResult s) {
      Integer present = s.counts().usersInWindow();
      return String.format(Locale.ROOT, "%d of %d users had not started when the window opened%s",
            s.checks().startingAtOpening(), s.counts().users(), present == null ? "" : " (" + present
                  + " present in it)");
   }

   /**
    * The JIT still compiling through the window, in words, such as {@code the JIT compiled 580 ms a second in the
    * window: …}; null when it compiled less, or the JVM did not count it.
    */
   static String jit(StepResult s) {
      return !jitBusy(s) ? null : String.format(Locale.ROOT, "the JIT compiled %.0f ms a second in the window (%d or"
            + " more: the load generator still warming), so the step measured its warm-up as well as the pool"
            + " (a longer -DjvmWarmup measures it warm, as PoolSweep's -Drepeat=2 does)",
            s.runtime().jvm().jitMsPerSecond(), JvmPeaks.JIT_QUIET_MS);
   }

   /** Whether the JIT was still compiling through the step's window ({@link JvmPeaks#jitBusy}); false unsampled. */
   static boolean jitBusy(StepResult s) {
      JvmPeaks jvm = s.runtime().jvm();
      return jvm != null && jvm.jitBusy();
   }

   /** The drift flag in words: {@code not steady: throughput -14% from the window's first third to its last}. */
   static String drift(StepResult s) {
      return String.format(Locale.ROOT, "%s: throughput %+.0f%% from the window's first third to its last",
            NOT_STEADY, 100 * s.checks().drift());
   }
}
