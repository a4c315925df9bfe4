package jdbcpoollab.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.redact.RunLog;
import jdbcpoollab.report.Summary;
import jdbcpoollab.report.Table;

import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The files of a run folder that the run rewrites after every step: {@code summary.json}, {@code summary.csv},
 * {@code summary.md} and one CSV per extra section. Each goes through a temporary file and a rename, so a reader sees
 * the last complete state.
 */
public final class RunFiles {

   /** A table of the run beyond its steps: in summary.json under its key, in summary.md, and as {@code <key>.csv}. */
   public record Section(String title, Table table, List<Map<String, Object>> rows, String note) {
   }

   /**
    * What the files say at one moment.
    *
    * @param exitCode      the code the run's JVM ends with, or null while running and when the lab cannot know it
    * @param settings      the simulation's settings and where it ran, in the order summary.json lists them
    * @param gatlingReport Gatling's report, relative to the run folder, or null
    * @param incomplete    each incomplete step and why
    * @param wallTime      where the wall time went, or null before the end
    * @param gatesJson     the gates' entries of summary.json
    * @param gatesReport   the gates and baseline section: Markdown (true) or console text (false)
    * @param redact        masks passwords in failure messages
    */
   public record Contents(String simulation, String state, Integer exitCode, String error,
                          Map<String, Object> settings, String gatlingReport, Summary summary,
                          Map<String, String> incomplete,
                          Map<String, Object> wallTime, Map<String, Section> sections, Map<String, Object> gatesJson,
                          Function<Boolean, String> gatesReport, UnaryOperator<String> redact) {
   }

   private RunFiles() {
   }

   /** Rewrites the files; an I/O failure (disk full) leaves each at its last complete state and is thrown. */
   public static void write(RunFolder folder, Contents c) throws UncheckedIOException {
      Json.write(folder.file("summary.json"), json(c, RunLog.counts()));
      AtomicFile.write(folder.file("summary.csv"), c.summary().csv().csv());
      AtomicFile.write(folder.file("summary.md"), markdown(c, true));
      c.sections().forEach((key, section) -> AtomicFile.write(folder.file(key + ".csv"), section.table().csv()));
   }

   /**
    * What summary.json says first, before the summary's own entries.
    *
    * @param pid the running JVM's, so that the next run can tell a killed run from one still under way (KilledRuns);
    *            absent once the run has ended
    */
   record Head(String simulation, String state, @JsonInclude(JsonInclude.Include.NON_NULL) Long pid,
               @JsonInclude(JsonInclude.Include.NON_NULL) Integer exitCode,
               @JsonInclude(JsonInclude.Include.NON_NULL) String error, Map<String, Object> settings,
               @JsonInclude(JsonInclude.Include.NON_NULL) String gatlingReport) {
   }

   /** The libraries' log events of the run: how many, of how many kinds, and the file that holds them whole. */
   record LogEvents(long events, int kinds, String file) {
   }

   /**
    * What summary.json says after the summary's own entries, each only when there is one.
    *
    * @param incomplete each incomplete step and why
    * @param wallTime   where the wall time went, known at the end
    * @param logEvents  the libraries' log events, when there were any
    */
   record Tail(@JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> incomplete,
               @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> wallTime,
               @JsonInclude(JsonInclude.Include.NON_NULL) LogEvents logEvents) {
   }

   /**
    * summary.json: the head, the summary's entries, the incomplete steps, the wall time, the log events (when there
    * were any), the sections by key and the gates. The entries between the head and the gates are the summary's and
    * the sections', whose keys differ by simulation.
    */
   static Map<String, Object> json(Contents c, RunLog.Counts logged) {
      Map<String, Object> json = Json.toMap(new Head(c.simulation(), c.state(),
            "running".equals(c.state()) ? ProcessHandle.current().pid() : null, c.exitCode(), c.error(), c.settings(),
            c.gatlingReport()));
      json.putAll(c.summary().json());
      Map<String, String> examples = examples(c);
      if (!examples.isEmpty()) {
         json.put("failureExamples", examples);
      }
      json.putAll(Json.toMap(new Tail(c.incomplete(), c.wallTime(),
            logged.events() > 0 ? new LogEvents(logged.events(), logged.kinds(), RunLog.FILE) : null)));
      c.sections().forEach((key, section) -> json.put(key, section.rows()));
      json.putAll(c.gatesJson());
      return json;
   }

   /**
    * Each failure's first message as it came, numbers kept (a label replaces them by N), passwords masked, by the
    * failure's key (redacted as the failure table's). The first of a label in the run: steps that fail alike share it.
    */
   static Map<String, String> examples(Contents c) {
      Map<String, String> examples = new LinkedHashMap<>();
      ErrorMessages.examples(c.summary().failures().keySet()).forEach((key, example) ->
            examples.putIfAbsent(c.redact().apply(key), c.redact().apply(example)));
      return examples;
   }

   /** summary.md (with the settings, as Markdown) or the console's closing tables (aligned text, no settings). */
   public static String markdown(Contents c, boolean withSettings) {
      StringBuilder md = new StringBuilder();
      if (withSettings) {
         md.append("# ").append(c.simulation()).append(" (").append(c.state()).append(")\n\n");
      }
      c.summary().lead().forEach(line -> md.append(withSettings ? "**" + line + "**" : line).append("\n\n"));
      if (withSettings) {
         c.settings().forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
         md.append('\n');
      }
      md.append(c.summary().tables(withSettings));
      c.sections().values().forEach(section -> {
         md.append("## ").append(section.title()).append("\n\n");
         md.append(withSettings ? section.table().markdown() : section.table().text());
         md.append('\n').append(section.note()).append("\n\n");
      });
      Map<String, Long> errors = new LinkedHashMap<>();
      c.summary().failures().forEach((m, n) -> errors.merge(c.redact().apply(m), n, Long::sum));
      if (!errors.isEmpty()) {
         Map<String, String> examples = examples(c);
         md.append("## Failures\n\n");
         errors.forEach((m, n) -> {
            md.append("- ").append(n).append(" × ").append(m).append('\n');
            if (examples.containsKey(m)) {
               md.append("  - first in the run, as it came: ").append(examples.get(m)).append('\n');
            }
         });
         md.append('\n');
      }
      md.append(c.gatesReport().apply(withSettings));
      return md.toString();
   }
}
