package jdbcpoollab.runoptions;

import jdbcpoollab.capture.CaptureException;
import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.Replay;
import jdbcpoollab.capture.ReplayGaps;
import jdbcpoollab.files.Json;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.load.UserThreads;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.report.CaptureSummary;
import jdbcpoollab.settings.ReplaySettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of Replay, read and checked before anything is started: the capture replayed (it must parse, be of
 * the target's product and hold requests; one that writes needs {@code -Dreplay.writes=true}), the speeds, the pools
 * and the SLO.
 *
 * @param capture        the Capture run folder
 * @param replay         its requests, as the target's product replays them
 * @param capturedServer the identity of the server it was captured from, or null when its summary does not say
 * @param speeds         the speed factors, in the order given
 * @param threads        how many request threads serve the arrivals ({@code -Dthreads}:
 *                       {@link ThreadsOption#requestThreads})
 * @param threadKind     what the request threads are: platform or virtual threads
 * @param gaps           when a transaction's statements after its first are sent ({@code -Dreplay.gaps})
 * @param jvmWarmup      how long the JVM's warm-up before the first step replays the capture at the first speed, in
 *                       seconds ({@code -DjvmWarmup}); 0 for none
 */
public record ReplayOptions(CommonOptions common, Path capture, Replay replay, String capturedServer,
                            List<Double> speeds, double sloP99Ms, int threads, int queueLimit, boolean writes,
                            boolean sameServer, ReplayGaps gaps, UserThreads threadKind, double jvmWarmup) implements SimulationOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withPools("4,8,16,32").withRecovery()
         .withSources();
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(ThreadsOption.REQUEST_THREADS,
         Declared.SLO_P99_MS, Declared.QUEUE_LIMIT, Declared.REPLAY_WRITES, Declared.REPLAY_GAPS, Declared.REPLAY_SAME_SERVER,
         Declared.CAPTURE, Declared.SPEED, Declared.JVM_WARMUP));

   public static ReplayOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      ThreadsOption.RequestThreads threads = ThreadsOption.requestThreads(o);
      List<Double> speeds = speeds(o);
      RequestLimits limits = RequestLimits.from(o);
      boolean writes = o.read(Declared.REPLAY_WRITES).equals("true");
      boolean sameServer = o.read(Declared.REPLAY_SAME_SERVER).equals("true");
      ReplayGaps gaps = ReplayGaps.of(o.read(Declared.REPLAY_GAPS));
      double jvmWarmup = JvmWarmupLimits.seconds(o);
      String raw = o.read(Declared.CAPTURE);
      if (raw == null) {
         throw new OptionException("missing option -Dcapture=<run folder>: the Capture run whose traffic Replay "
               + "sends");
      }
      Path folder = folder(raw, common.results());
      Replay replay;
      try {
         replay = Replay.of(CaptureFile.read(folder.resolve(CaptureSummary.FILE)), common.target().dialect().name());
      } catch (CaptureException e) {
         throw new OptionException("bad option -Dcapture=" + raw + ": " + e.getMessage());
      }
      Object server = Json.read(folder.resolve("summary.json")).get("server");
      ReplayOptions options = new ReplayOptions(common, folder, replay, server == null ? null : server.toString(),
            speeds, limits.sloP99Ms(), threads.count(), limits.queueLimit(), writes, sameServer, gaps, threads.kind(),
            jvmWarmup);
      options.validate(o);
      return options;
   }

   /** The checks across Replay's options, each read and in its bounds: each failure one line. */
   private void validate(Options o) {
      if (replay.writes() && !writes) {
         throw new OptionException("bad option -Dcapture=" + o.raw(Declared.CAPTURE) + ": the capture writes (INSERT,"
               + " UPDATE, DELETE or DDL); replay it against a copy of the data, with -Dreplay.writes=true");
      }
      double fastest = speeds.stream().mapToDouble(Double::doubleValue).max().orElse(1);
      // to the speed's 0.01: 0.3 s of requests at 3x make 0.1 s, whatever the doubles' last bits say
      double most = Math.floor(captureSeconds() / CommonOptions.MIN_WINDOW_SECONDS * 100 + 1e-6) / 100;
      if (fastest > most) {
         throw new OptionException(String.format(Locale.ROOT, "bad option -Dspeed=%s: at %sx the capture's %s s "
               + "of requests make a window of %s ms, too short to measure (at least %s s); %s",
               o.read(Declared.SPEED), NumberText.trimmed(fastest), NumberText.fixed(captureSeconds(), 3),
               NumberText.fixed(captureSeconds() / fastest * 1000, 1),
               NumberText.trimmed(CommonOptions.MIN_WINDOW_SECONDS), most >= 0.01
               ? "the most this capture takes is -Dspeed=" + NumberText.trimmed(most)
               : "this capture is too short to replay at any speed from 0.01 up: capture for longer"));
      }
   }

   /** {@code -Dspeed}: factors from 0.01 to 1000, each once, default 1. */
   private static List<Double> speeds(Options o) {
      String raw = o.read(Declared.SPEED);
      List<Double> speeds = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         try {
            double speed = Double.parseDouble(part.strip());
            if (speed >= 0.01 && speed <= 1000 && !speeds.contains(speed)) {
               speeds.add(speed);
               continue;
            }
         } catch (NumberFormatException e) {
            // refused below
         }
         throw Options.bad(Declared.SPEED, raw, "speed factors from 0.01 to 1000 separated by commas, each once, such"
               + " as 1,2,4");
      }
      return List.copyOf(speeds);
   }

   /** A Capture run folder, as a path or by name in the results folder, holding its capture file. */
   private static Path folder(String raw, Path results) {
      Path given = Path.of(raw);
      for (Path folder : List.of(given, results.resolve(given.getFileName() == null ? given : given.getFileName()))) {
         if (Files.isRegularFile(folder.resolve(CaptureSummary.FILE))
               && Files.isRegularFile(folder.resolve("summary.json"))) {
            return folder;
         }
      }
      throw Options.bad(Declared.CAPTURE, raw, "a Capture run folder (a path, or its name in "
            + results.toAbsolutePath().normalize() + ") holding " + CaptureSummary.FILE + " and summary.json");
   }

   /** The capture's span, in seconds: a step at speed 1 takes as long. */
   public double captureSeconds() {
      List<Long> arrivals = replay.requests().stream().map(r -> r.arrivalMicros()).toList();
      int n = arrivals.size();
      long span = arrivals.get(n - 1) - arrivals.get(0);
      return n < 2 || span <= 0 ? 1 : span / 1e6 * n / (n - 1);
   }

   public ReplaySettings settings() {
      return new ReplaySettings(capture.getFileName().toString(), String.join("; ",
            sources().stream().map(PoolLibrary::describeFixedSize).toList()), replay.requests().size(),
            captureSeconds(), speeds, pools(), sloP99Ms, threads, queueLimit, writes, sameServer,
            gaps.optionValue(), connectionTimeoutMs(), recoverSeconds(), jvmWarmup, replay.statements(),
            replay.prepared(), replay.driverProps(target().embedded() ? "jdbc:mysql:" : target().url()).describe());
   }

   /** Whether steps must name their source: the replay measures more than one. */
   public boolean severalSources() {
      return sources().size() > 1;
   }
}
