package jdbcpoollab.testing;

import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileParser;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.core.config.GatlingConfiguration$;
import scala.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Gatling's own record of a run, its binary {@code simulation.log}, read by Gatling's own reader. */
public final class GatlingLog {
   private final Path file;
   private final LogFileData data;

   /** A user's start or end as the log records it, under the user's scenario, in ms since the epoch. */
   public record UserEvent(String scenario, boolean start, long timestamp) {
   }

   private GatlingLog(Path simulationLog) {
      file = simulationLog;
      data = new LogFileReader(simulationLog.toFile(), GatlingConfiguration$.MODULE$.load()).read();
   }

   /** The log of the newest run under {@code gatlingResults} (Gatling's {@code -rf} folder). */
   public static GatlingLog newest(Path gatlingResults) {
      try (Stream<Path> runs = Files.list(gatlingResults)) {
         Path log = runs.map(run -> run.resolve("simulation.log")).filter(Files::isRegularFile)
               .max(Comparator.comparing(GatlingLog::modified))
               .orElseThrow(() -> new AssertionError("no simulation.log under " + gatlingResults));
         return new GatlingLog(log);
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   /** How many responses Gatling logged under {@code requestName}, OK and KO. */
   public long requests(String requestName) {
      Option<GeneralStats> stats = data.requestGeneralStats(Option.apply(requestName), Option.empty(), Option.empty());
      return stats.isDefined() ? stats.get().count() : 0;
   }

   /**
    * Every user's start and end, in the log's order. Gatling's reader sums them per second into its report's user
    * charts and keeps none, so they are read here with its parser's own primitives.
    */
   public List<UserEvent> users() {
      try (UserEvents events = new UserEvents(file)) {
         return events.parse();
      }
   }

   /** Reads the records of a Gatling 3.15 simulation.log, keeps the users' and skips the rest. */
   private static final class UserEvents extends LogFileParser<List<UserEvent>> {
      private static final int RUN = 0;
      private static final int REQUEST = 1;
      private static final int USER = 2;
      private static final int GROUP = 3;
      private static final int ERROR = 4;

      UserEvents(Path file) {
         super(file.toFile());
      }

      @Override
      public List<UserEvent> parse() {
         if (readByte() != RUN) {
            throw new AssertionError("simulation.log does not start with its run record");
         }
         skipString(); // Gatling's version
         skipString(); // simulation class
         long runStart = readLong();
         skipString(); // run description
         String[] scenarios = new String[readInt()];
         for (int i = 0; i < scenarios.length; i++) {
            scenarios[i] = readSanitizedString();
         }
         for (int assertions = readInt(); assertions > 0; assertions--) {
            skip(readInt());
         }
         List<UserEvent> users = new ArrayList<>();
         for (int header = read(); header != -1; header = read()) {
            switch (header) {
               case USER -> users.add(new UserEvent(scenarios[readInt()], readBoolean(), runStart + readInt()));
               case REQUEST -> {
                  skipGroups();
                  skipCachedString(); // name
                  skip(2 * Integer.BYTES + 1); // start, end, status
                  skipCachedString(); // message
               }
               case GROUP -> {
                  skipGroups();
                  skip(3 * Integer.BYTES + 1); // start, end, cumulated response time, status
               }
               case ERROR -> {
                  skipCachedString(); // message
                  skipInt(); // timestamp
               }
               default -> throw new AssertionError("unknown record " + header + " in simulation.log");
            }
         }
         return users;
      }

      private void skipGroups() {
         for (int groups = readInt(); groups > 0; groups--) {
            skipCachedString();
         }
      }
   }

   private static long modified(Path file) {
      try {
         return Files.getLastModifiedTime(file).toMillis();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
