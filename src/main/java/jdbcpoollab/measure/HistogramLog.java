package jdbcpoollab.measure;

import jdbcpoollab.files.AtomicFile;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code histograms.hlog}: HdrHistogram's own log format (HistogramLogWriter), one tagged histogram of
 * nanoseconds per step and per number: {@code <step>|acquire}, {@code <step>|query}, {@code <step>|total}, and
 * {@code <step>|<kind>|acquire} and so on for each kind of a mixed step. Each line's start and end are the step's
 * window, in seconds since the epoch. A tag holds no space or comma (the format's separators): those, {@code |} and
 * {@code %} are written as {@code %20}, {@code %2C}, {@code %7C} and {@code %25}.
 */
public final class HistogramLog {
   /** The file's name in the run folder. */
   public static final String NAME = "histograms.hlog";
   private static final List<String> NUMBERS = List.of("acquire", "query", "total");

   private final List<StepHistograms> steps = new ArrayList<>();

   /** Adds a finished step and rewrites the file in {@code folder} with every step so far. */
   public synchronized void add(StepHistograms step, Path folder) {
      steps.add(step);
      AtomicFile.write(folder.resolve(NAME), text(steps));
   }

   /** The log of {@code steps}, as the file holds it. */
   static String text(List<StepHistograms> steps) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputComment("jdbc-pool-lab: one histogram per step and number, in ns; tag <step>|[<kind>|]<number>");
      writer.outputStartTime(steps.stream().mapToLong(StepHistograms::fromMs).min().orElse(0));
      writer.outputLegend();
      for (StepHistograms s : steps) {
         write(writer, s, escape(s.step()), s.all());
         s.kinds().forEach((kind, l) -> write(writer, s, escape(s.step()) + "|" + escape(kind), l));
      }
      writer.close();
      return bytes.toString(StandardCharsets.UTF_8);
   }

   private static void write(HistogramLogWriter writer, StepHistograms s, String prefix, Latencies l) {
      List<Histogram> histograms = List.of(l.acquire(), l.query(), l.total());
      for (int i = 0; i < NUMBERS.size(); i++) {
         Histogram h = histograms.get(i).copy();
         h.setStartTimeStamp(s.fromMs());
         h.setEndTimeStamp(s.toMs());
         h.setTag(prefix + "|" + NUMBERS.get(i));
         writer.outputIntervalHistogram(h);
      }
   }

   /**
    * Every step of a run's log, by step name, in the order written.
    *
    * @throws UncheckedIOException when the file cannot be read
    * @throws IllegalArgumentException when a line is not one this class wrote, or is damaged
    */
   public static Map<String, StepHistograms> read(Path file) {
      Map<String, Map<String, Histogram[]>> numbers = new LinkedHashMap<>();
      Map<String, long[]> windows = new LinkedHashMap<>();
      String foreign = null;
      try (InputStream in = Files.newInputStream(file)) {
         HistogramLogReader reader = new HistogramLogReader(in);
         for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
            String[] tag = e.getTag() == null ? new String[0] : e.getTag().split("\\|", -1);
            int number = tag.length < 2 ? -1 : NUMBERS.indexOf(tag[tag.length - 1]);
            if (number < 0 || tag.length > 3 || !(e instanceof Histogram h)) {
               foreign = "tag " + e.getTag();
               break;
            }
            String step = unescape(tag[0]);
            String kind = tag.length == 3 ? unescape(tag[1]) : "";
            windows.putIfAbsent(step, new long[] {e.getStartTimeStamp(), e.getEndTimeStamp()});
            numbers.computeIfAbsent(step, s -> new LinkedHashMap<>())
                  .computeIfAbsent(kind, k -> new Histogram[NUMBERS.size()])[number] = h;
         }
      } catch (IOException e) {
         throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      } catch (RuntimeException e) {
         // HdrHistogram's reader fails on a damaged line with whatever its decoder threw, often without a message
         throw new IllegalArgumentException(file.getFileName() + " is not a readable HdrHistogram log (damaged: "
               + (e.getCause() != null ? e.getCause() : e) + ")", e);
      }
      if (foreign != null) {
         throw new IllegalArgumentException(file + ": not a histogram of jdbc-pool-lab: " + foreign);
      }
      Map<String, StepHistograms> steps = new LinkedHashMap<>();
      numbers.forEach((step, byKind) -> {
         Map<String, Latencies> kinds = new LinkedHashMap<>();
         byKind.forEach((kind, h) -> kinds.put(kind, latencies(h)));
         Latencies all = kinds.remove("");
         long[] window = windows.get(step);
         steps.put(step, new StepHistograms(step, window[0], window[1], all == null ? Latencies.empty() : all,
               kinds));
      });
      return steps;
   }

   private static Latencies latencies(Histogram[] h) {
      Latencies l = Latencies.empty();
      for (int i = 0; i < h.length; i++) {
         if (h[i] != null) {
            List.of(l.acquire(), l.query(), l.total()).get(i).add(h[i]);
         }
      }
      return l;
   }

   private static String escape(String name) {
      return name.replace("%", "%25").replace(" ", "%20").replace(",", "%2C").replace("|", "%7C");
   }

   private static String unescape(String tag) {
      return tag.replace("%20", " ").replace("%2C", ",").replace("%7C", "|").replace("%25", "%");
   }
}
