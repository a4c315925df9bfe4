package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A damaged histograms.hlog is refused saying what it is, not with the decoder's missing message. */
class HistogramLogDamagedTest {
   @TempDir
   Path dir;

   @Test
   void aDamagedLogSaysItIsNotAReadableHistogramLog() throws IOException {
      Latencies l = Latencies.empty();
      l.total().recordValue(5_000_000);
      String text = HistogramLog.text(List.of(new StepHistograms("wait pool=1", 1_000, 6_000, l, Map.of())));
      Path good = Files.writeString(dir.resolve("good.hlog"), text);
      assertEquals(1, HistogramLog.read(good).get("wait pool=1").all().total().getTotalCount());

      String line = text.lines().filter(s -> s.contains("|total,")).findFirst().orElseThrow();
      String damaged = line.substring(0, line.length() - 12) + "AAAA////AAAA";
      Path log = Files.writeString(dir.resolve(HistogramLog.NAME), text.replace(line, damaged));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistogramLog.read(log));
      assertTrue(e.getMessage().contains(HistogramLog.NAME + " is not a readable HdrHistogram log")
            && !e.getMessage().contains(": null"), e.getMessage());
   }
}
