package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.TimelinePoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static jdbcpoollab.analysis.NumberText.fixed;

/**
 * {@code timeline.csv} in the run folder: every step's 100 ms samples (operations completed, interval P99 acquire
 * wait, the pool's active / idle / waiting connections, the database's activity), keyed by the whole step: its
 * workload, source (with the driver when the sweep varied it, as in summary.json; empty for a sweep of one), pool and
 * pass. Empty cells are unknown. A file written before the source column is read as of one source.
 */
public final class TimelineFile {
   public static final String NAME = "timeline.csv";
   private static final List<String> HEADERS = List.of("workload", "source", "pool", "repetition", "ms", "completed",
         "acquire_p99_ms", "active", "idle", "waiting", "database");

   private TimelineFile() {
   }

   public static void write(Path runFolder, List<TimelinePoint> points) {
      Table table = new Table(HEADERS);
      for (TimelinePoint p : points) {
         table.add(List.of(p.step().workload(), p.step().source(), Integer.toString(p.step().pool()),
               Integer.toString(p.step().pass()), fixed(p.ms(), 1), Long.toString(p.completed()), cell(p.acquireP99Ms(), 3), count(p.active()),
               count(p.idle()), count(p.waiting()), cell(p.database(), 3)));
      }
      AtomicFile.write(runFolder.resolve(NAME), table.csv());
   }

   /** The samples of a run folder; empty when it has none (a run written before the timeline, or interrupted). */
   public static List<TimelinePoint> read(Path runFolder) {
      Path file = runFolder.resolve(NAME);
      if (!Files.isRegularFile(file)) {
         return List.of();
      }
      List<String> lines;
      try {
         lines = Files.readAllLines(file);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
      boolean sourced = !lines.isEmpty() && lines.get(0).equals(String.join(",", HEADERS));
      List<TimelinePoint> points = new ArrayList<>();
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
         List<String> c = new ArrayList<>(List.of(line.split(",", -1)));
         if (!sourced) {
            c.add(1, "");
         }
         if (c.size() == HEADERS.size()) {
            StepId step = new StepId(c.get(0), c.get(1), Integer.parseInt(c.get(2)), Integer.parseInt(c.get(3)), 1, 1);
            points.add(new TimelinePoint(step, Double.parseDouble(c.get(4)), Long.parseLong(c.get(5)),
                  number(c.get(6)), whole(c.get(7)), whole(c.get(8)), whole(c.get(9)), number(c.get(10))));
         }
      }
      return points;
   }

   private static String cell(double value, int digits) {
      return Double.isFinite(value) ? fixed(value, digits) : "";
   }

   private static String count(int value) {
      return value < 0 ? "" : Integer.toString(value);
   }

   private static double number(String cell) {
      return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
   }

   private static int whole(String cell) {
      return cell.isEmpty() ? -1 : Integer.parseInt(cell);
   }
}
