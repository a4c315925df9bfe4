package jdbcpoollab.report;

import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ShapeCount;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static jdbcpoollab.analysis.NumberText.fixed;

/**
 * Capture's summaries: what the capture holds (its requests, statements by shape, arrivals per second, transaction
 * lengths and held times, the driver's chatter left out), the capture file it wrote and the server it came from.
 */
public final class CaptureSummary implements Summary {
   /** The capture file in the run folder, which {@code -Dsim=Replay -Dcapture=<run folder>} reads. */
   public static final String FILE = "capture.txt";
   private Profile profile;
   private String server;
   private boolean writes;
   private String logSwitched;

   /**
    * The capture, once taken; {@code server} is the captured server's identity, {@code writes} whether it writes,
    * {@code switched} what someone else did to the statement log during it (null: nothing).
    */
   public synchronized void taken(Profile captured, String serverIdentity, boolean anyWrites, String switched) {
      profile = captured;
      server = serverIdentity;
      writes = anyWrites;
      logSwitched = switched;
   }

   /**
    * Capture's part of summary.json (docs/replay.md).
    *
    * @param file   the capture file in the run folder
    * @param server the captured server's identity
    * @param seconds the capture's span
    * @param writes whether the capture holds statements that write
    * @param logSwitched what someone else did to the statement log during the capture, null when nothing
    */
   record Written(String file, String server, int requests, int statements, List<Shape> shapes,
                  @Decimals(value = 3, orNull = false) double seconds,
                  @Decimals(value = 3, orNull = false) double arrivalRate, List<Integer> requestsPerSecond,
                  int transactions, List<Integer> transactionLengths,
                  @Decimals(value = 3, orNull = false) double heldMedianMs,
                  @Decimals(value = 3, orNull = false) double gapMedianMs, int unfinished, int chatterStatements,
                  List<Shape> chatter, boolean writes, String logSwitched) {
   }

   /** A statement shape, how many statements had it and their share of all. */
   record Shape(String shape, int count, @Decimals(value = 4, orNull = false) double share) {
      static List<Shape> of(List<ShapeCount> counts) {
         return counts.stream().map(s -> new Shape(s.shape(), s.count(), s.share())).toList();
      }
   }

   @Override
   public synchronized Map<String, Object> json() {
      if (profile == null) {
         return new LinkedHashMap<>();
      }
      return Json.toMap(new Written(FILE, server, profile.requests(), profile.statements(), Shape.of(profile.shapes()),
            profile.spanMicros() / 1e6, profile.arrivalRate(), profile.requestsPerSecond(),
            profile.heldMicros().size(), profile.transactionLengths(), Profile.median(profile.heldMicros()) / 1e3,
            Profile.median(profile.gapMicros()) / 1e3, profile.unfinished(), profile.chatterCount(),
            Shape.of(profile.chatter()), writes, logSwitched));
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("shape", "count", "share"));
      if (profile != null) {
         profile.shapes().forEach(s -> table.add(List.of(s.shape(), String.valueOf(s.count()),
               fixed(s.share(), 4))));
      }
      return table;
   }

   /** What the capture holds in one sentence: its requests, statements, span and rate, and what was left out. */
   private String overview() {
      return String.format(Locale.ROOT, "%d requests (%d transactions, %d autocommit statements) and %d statements in "
                  + "%s s, %s requests/s from the first arrival to the last; %d transactions the capture ended inside "
                  + "of left out%s.", profile.requests(), profile.heldMicros().size(),
            profile.requests() - profile.heldMicros().size(), profile.statements(),
            fixed(profile.spanMicros() / 1e6, 3), fixed(profile.arrivalRate(), 3), profile.unfinished(),
            writes ? "; it writes: its replay needs -Dreplay.writes=true" : "")
            + (logSwitched == null ? "" : " Beware: " + logSwitched + ".");
   }

   @Override
   public synchronized String tables(boolean markdown) {
      if (profile == null) {
         return "";
      }
      StringBuilder md = new StringBuilder(overview()).append("\n\n");
      section(md, markdown, "Statements by shape", CapturePage.shapeTable(profile.shapes(), true));
      Table held = new Table(List.of("transactions", "statements (median)", "held median ms", "held max ms",
            "gap median ms"));
      held.add(List.of(String.valueOf(profile.heldMicros().size()),
            String.valueOf(profile.transactionLengths().stream().sorted().skip(profile.transactionLengths().size() / 2)
                  .findFirst().orElse(0)),
            fixed(Profile.median(profile.heldMicros()) / 1e3, 3),
            fixed(profile.heldMicros().stream().mapToLong(Long::longValue).max().orElse(0) / 1e3, 3),
            fixed(Profile.median(profile.gapMicros()) / 1e3, 3)));
      section(md, markdown, "Transactions: the time each held its connection", held);
      Table perSecond = new Table(List.of("second", "requests"));
      List<Integer> rps = profile.requestsPerSecond();
      for (int i = 0; i < rps.size(); i++) {
         perSecond.add(List.of(String.valueOf(i + 1), String.valueOf(rps.get(i))));
      }
      section(md, markdown, "Requests per second", perSecond);
      section(md, markdown, "The driver's chatter, left out (" + profile.chatterCount() + " statements)",
            CapturePage.shapeTable(profile.chatter(), true));
      return md.toString();
   }

   private static void section(StringBuilder md, boolean markdown, String title, Table table) {
      md.append(markdown ? "## " + title + "\n\n" : title + ":\n").append(markdown ? table.markdown() : table.text())
            .append('\n');
   }

   @Override
   public synchronized Optional<Path> page(Path runFolder, Path compareWith) {
      return profile == null ? Optional.empty()
            : Optional.of(CapturePage.write(SweepRun.read(runFolder), profile, overview(), server, FILE));
   }

   @Override
   public Map<String, Long> failures() {
      return Map.of();
   }

   @Override
   public synchronized boolean complete() {
      return profile != null;
   }
}
