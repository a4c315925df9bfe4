package jdbcpoollab.run;

import jdbcpoollab.db.RunDatabase;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.redact.RunLog;
import jdbcpoollab.report.Summary;
import jdbcpoollab.results.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * How a run ends: at its last step (its closing lines, the server stopped, its exit code), before its load with one
 * line, with nothing measured, or as the JVM ends under it (Ctrl-C, SIGTERM). Each way locks the run (this end is
 * the run's one lock, which its {@link Lab} reports steps under) and writes the run's last state once.
 */
final class RunEnd {
   private final RunRecord record;
   private final RunDatabase database;
   private final Console console;
   private final Steps steps;
   private final Summary summary;
   private final Supplier<Optional<Path>> page;
   private final Runnable closeUnfinished;
   private final Runnable interruptUnfinished;
   private int exitCode;
   /** Gatling's report folder, once the run ended at its last step: Gatling writes the report after that. */
   private Optional<Path> gatlingReport;

   /** What a run's end reads and writes: its record, its database, its console and its steps. */
   record Parts(RunRecord record, RunDatabase database, Console console, Steps steps) {
   }

   /**
    * @param plan the run: its summary and what closes or interrupts the steps that have not ended
    * @param page writes the run's page and the index of runs, if the run has a page
    */
   RunEnd(Parts parts, RunPlan plan, Supplier<Optional<Path>> page) {
      this.record = parts.record();
      this.database = parts.database();
      this.console = parts.console();
      this.steps = parts.steps();
      this.summary = plan.summary();
      this.closeUnfinished = plan.closeUnfinished();
      this.interruptUnfinished = plan.interruptUnfinished();
      this.page = page;
   }

   /** The run's exit code once it ended; 0 before, and for a run that leaves Gatling's own. */
   int exitCode() {
      synchronized (this) {
         return exitCode;
      }
   }

   /**
    * After the last step: final summaries, the tables, where everything is, and the server stopped. A run with
    * incomplete steps, or whose results could not all be written, exits non-zero once Gatling has written its
    * report ({@link JvmOwner#started}).
    *
    * @param wrote the line of a read-only step that wrote rows ({@code WriteWatch}), which ends the run with
    *              {@link Exit#BAD_OPTION}; null when none did
    * @return true when nothing was measured and the run must end now with one line, {@link RunRecord#error}
    */
   boolean finish(String wrote) {
      synchronized (this) {
         if (!record.running()) {
            return false;
         }
         closeUnfinished.run();
         List<StepResult> gated = steps.gated();
         steps.gates().compare(gated);
         // a step cut short (database lost, pool not opened) is incomplete whatever it measured: exit 3, as before
         boolean noneEnded = gated.stream()
               .allMatch(s -> s.outcome().complete() && s.counts().ok() + s.counts().ko() == 0);
         if (record.created() && !gated.isEmpty() && noneEnded) {
            endWithNothingMeasured(gated.size());
            return true;
         }
         List<String> unsuccessful = gated.stream().filter(s -> s.outcome().complete() && s.counts().ok() == 0)
               .map(StepResult::label).toList();
         Map<String, String> incomplete = record.incomplete();
         unsuccessful.forEach(label -> incomplete.putIfAbsent(label, "no successful operation inside the window"));
         int planned = steps.planned();
         boolean allDone = steps.finished() == planned && summary.complete() && unsuccessful.isEmpty();
         if (steps.finished() < planned) {
            incomplete.put((planned - steps.finished()) + " step(s) never started", "the run ended first");
         }
         Optional<Path> gatling = record.created() ? steps.gatlingReport() : Optional.empty();
         Map<String, Object> wall = steps.wallTime().toMap();
         String unanswerable = summary.unanswerable();
         int code = record.writeFailed() ? Exit.RESULTS_LOST : wrote != null ? Exit.BAD_OPTION : !allDone
               ? (unsuccessful.isEmpty() ? Exit.INCOMPLETE : Exit.NOTHING_MEASURED)
               : unanswerable != null ? Exit.NOTHING_MEASURED
               : steps.gates().failed() ? Exit.GATE_FAILED
               : summary.provisional() ? Exit.PROVISIONAL
               : steps.gates().cannotTell() ? Exit.BASELINE_INCONCLUSIVE : 0;
         if (wrote != null) {
            record.error(wrote);
         }
         record.ended(allDone, code, gatling, wall);
         if (record.created()) {
            console.line("");
            console.print(record.tables());
            if (!gated.isEmpty()) {
               console.say(WallTime.line(wall, gated.size()));
            }
            if (steps.gates().verdict() != null) {
               console.line(steps.gates().verdict());
            }
            if (!incomplete.isEmpty()) {
               console.say(incomplete.size() + " of " + planned + " steps INCOMPLETE:");
               incomplete.forEach((name, why) -> console.line("  " + name + ": " + why));
            }
            console.say("run folder " + record.dir().toAbsolutePath());
            RunLog.Counts logged = RunLog.counts();
            if (logged.events() > 0) {
               console.say(logged.events() + " log events of " + logged.kinds() + " kinds (each kind's first on the"
                     + " console) in " + record.dir().resolve(RunLog.FILE).toAbsolutePath());
            }
            page.get().ifPresent(p -> console.say("report " + p.toAbsolutePath()));
            gatlingReport = gatling;
            boolean lost = record.writeFailed();
            // a failed gate is Gatling's own 2 (its assertions), which the JVM's end leaves alone
            exitCode = lost ? Exit.RESULTS_LOST : code == Exit.GATE_FAILED ? 0 : code;
            if (exitCode != 0) {
               console.say("the run will exit with code " + exitCode + " after Gatling's report ("
                     + (lost ? "results could not all be written"
                     : code == Exit.BASELINE_INCONCLUSIVE ? (steps.gates().uncomparable()
                     ? "the baseline has no step of this run" : "the baseline comparison is inconclusive")
                     : code == Exit.BAD_OPTION ? "a read-only step wrote rows"
                     : code == Exit.PROVISIONAL ? "the answers are provisional: the load generator set the times"
                     : code == Exit.INCOMPLETE ? "incomplete steps"
                     : unsuccessful.isEmpty() ? unanswerable
                     : "no successful operation in " + String.join(", ", unsuccessful)) + ")");
            }
         }
         if (wrote != null) {
            console.warn(wrote + " (exit code " + Exit.BAD_OPTION + ")");
         }
         database.close();
         if (gatlingReport != null) {
            Exit.owner().reportFollows();
         }
         return false;
      }
   }

   /**
    * No operation ended inside any window (a window shorter than one statement): there is nothing to report, and
    * Gatling, having no request to report either, would end with a stack trace. The run ends here instead, with one
    * line (thrown by {@link Lab#finish}), state "failed" and no report to link.
    */
   private void endWithNothingMeasured(int stepsGated) {
      record.failed(Exit.NOTHING_MEASURED, "no operation ended inside any measured window of " + stepsGated
            + " step(s): " + summary.nothingEnded(), steps.wallTime().toMap());
      page.get();
      database.close();
      exitCode = Exit.NOTHING_MEASURED;
   }

   /** Ends the run before its load, leaving a summary that says why. */
   LabExit failed(int code, String message) {
      synchronized (this) {
         record.failed(code, message, null);
      }
      database.close();
      return Exit.now(code, message);
   }

   /**
    * The JVM is ending. During a run (Ctrl-C, SIGTERM, or an exit elsewhere) the finished steps and the one under
    * way are written, marked "interrupted", and the embedded server is stopped; the interrupted line comes last.
    * After a run that ended at its last step, Gatling has had its turn: its report is named when it is there, and
    * when Gatling failed writing it the run ends with its own line instead of Gatling's stack trace.
    *
    * @param gatlingFailure the exception Gatling's report failed with, or null
    */
   void shutdown(Throwable gatlingFailure) {
      boolean interrupted = false;
      synchronized (this) {
         if (record.running() && record.created()) {
            interrupted = true;
            interruptUnfinished.run();
            console.interrupted();
            record.interrupt(Signals.code());
            page.get();
         } else if (gatlingReport != null) {
            afterGatling(gatlingFailure);
         }
      }
      database.close();
      if (interrupted) { // last, after the server's own lines
         console.interruptedLine("run interrupted; finished steps are in " + record.dir().toAbsolutePath());
      }
   }

   /**
    * Names Gatling's report when it wrote one; when it failed, ends the run with one line: a full disk is results
    * lost (74), no request to report keeps the run's code (a run whose steps sent none is incomplete).
    */
   private void afterGatling(Throwable failure) {
      if (failure == null) {
         gatlingReport.map(dir -> dir.resolve("index.html")).filter(Files::isRegularFile)
               .ifPresent(index -> console.say("Gatling report " + index.toAbsolutePath()));
         return;
      }
      Optional<Throwable> io = causes(failure).filter(t -> t instanceof IOException).findFirst();
      exitCode = io.isPresent() ? Exit.RESULTS_LOST : exitCode != 0 ? exitCode : Exit.GATLING_CRASHED;
      // the launcher of the Gatling Maven plugin reports the exception wrapped, without a message of its own
      Throwable why = io.orElseGet(() -> causes(failure).reduce((outer, cause) -> cause).orElseThrow());
      console.warn("Gatling wrote no report: " + (why.getMessage() != null ? why.getMessage() : why.toString())
            + " (exit code " + exitCode + ")");
   }

   private static Stream<Throwable> causes(Throwable failure) {
      return Stream.iterate(failure, Objects::nonNull, Throwable::getCause);
   }
}
