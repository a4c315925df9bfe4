package jdbcpoollab.report;

import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.TimelinePoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** timeline.csv keys each sample by the whole step: workload, source (and driver), pool and pass. */
class TimelineFileTest {

   private static TimelinePoint sample(String source, double ms, long completed) {
      return new TimelinePoint(new StepId("wait rtt=2ms", source, 2, 1, 1, 1), ms, completed, 0.5, 1, 1, 0, 2);
   }

   @Test
   void samplesOfTheSameStepThroughTwoSourcesOrDriversStayApart(@TempDir Path run) throws IOException {
      List<TimelinePoint> written = List.of(sample("hikari/mysql", 100, 7), sample("hikari/mariadb", 100, 9),
            sample("none", 100, 3));
      TimelineFile.write(run, written);
      String csv = Files.readString(run.resolve(TimelineFile.NAME));
      assertTrue(csv.startsWith("workload,source,pool,repetition,ms,"), csv);
      assertTrue(csv.contains("\nwait rtt=2ms,hikari/mariadb,2,1,100.0,9,"), csv);
      assertEquals(written, TimelineFile.read(run));
   }

   @Test
   void aTimelineWrittenBeforeTheSourceColumnIsStillRead(@TempDir Path run) throws IOException {
      Files.writeString(run.resolve(TimelineFile.NAME), "workload,pool,repetition,ms,completed,acquire_p99_ms,active,"
            + "idle,waiting,database\nwait rtt=2ms,2,1,100.0,7,0.500,1,1,0,2.000\n");
      assertEquals(List.of(sample("", 100, 7)), TimelineFile.read(run));
   }
}
