package jdbcpoollab.testing;

import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.core.config.GatlingConfiguration$;
import scala.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Gatling's own record of a run, its binary {@code simulation.log}, read by Gatling's own reader. */
public final class GatlingLog {
   private final LogFileData data;

   private GatlingLog(Path simulationLog) {
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

   private static long modified(Path file) {
      try {
         return Files.getLastModifiedTime(file).toMillis();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
