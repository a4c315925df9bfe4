package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Replay;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Replay of a damaged capture file is refused with one line that names the file's line, exit code 64, before
 * anything starts: a file cut mid-line, a negative start or one past the capture's end, a duration too large for a
 * number, bytes that are not UTF-8.
 */
class CaptureFileRefusedTest {
   private static final String HEADER = "jdbc-pool-lab capture 1 mysql 2000000\n";
   @TempDir
   Path tmp;

   private String refused(String name, byte[] capture) throws Exception {
      Path folder = Files.createDirectories(tmp.resolve(name));
      Files.write(folder.resolve("capture.txt"), capture);
      Files.writeString(folder.resolve("summary.json"), "{ \"simulation\" : \"Capture\", \"server\" : \"x:1:/d\" }");
      GatlingRun.Result run = GatlingRun.run(Replay.class, Map.of("capture", folder.toString(), "lab.results",
            tmp.resolve("results").toString()), false);
      assertEquals(64, run.exitCode(), run.console());
      assertFalse(run.failure().contains("\n") || run.console().contains("\tat "), run.console());
      String prefix = "jdbc-pool-lab: bad option -Dcapture=" + folder + ": " + folder.resolve("capture.txt");
      assertEquals(prefix, run.failure().substring(0, Math.min(prefix.length(), run.failure().length())),
            run.failure());
      String end = " (exit code 64)";
      assertTrue(run.failure().endsWith(end), run.failure());
      return run.failure().substring(prefix.length(), run.failure().length() - end.length());
   }

   private String refused(String name, String capture) throws Exception {
      return refused(name, capture.getBytes(StandardCharsets.UTF_8));
   }

   @Test
   void aFileCutMidLineIsRefusedNamingTheLine() throws Exception {
      assertEquals(" line 3 is cut off: it has no line end (the file is incomplete)",
            refused("cut", HEADER + "1\t0\tSELECT 1\n1\t500\tSELECT v FROM t WHERE id = 4"));
   }

   @Test
   void aNegativeStartOrOnePastTheEndIsRefusedNamingTheLine() throws Exception {
      assertEquals(" line 3: the start -5 µs is outside the capture's duration, 0 to 2000000 µs (the header's)",
            refused("negative", HEADER + "1\t0\tSELECT 1\n1\t-5\tSELECT 2\n"));
      assertEquals(" line 2: the start 9000000000000000000 µs is outside the capture's duration, 0 to 2000000 µs "
            + "(the header's)", refused("far", HEADER + "1\t9000000000000000000\tSELECT 1\n"));
   }

   @Test
   void aDurationTooLargeIsRefusedInOneLineWithExitCode64() throws Exception {
      assertEquals(": the header's duration 99999999999999999999 µs is not a whole number from 0 to 172800000000 "
            + "(48 h)", refused("huge", "jdbc-pool-lab capture 1 mysql 99999999999999999999\n1\t0\tSELECT 1\n"));
   }

   @Test
   void bytesThatAreNotUtf8AreNamedByTheirLine() throws Exception {
      byte[] text = (HEADER + "1\t0\tSELECT 1\n1\t10\tSELECT 'caf").getBytes(StandardCharsets.UTF_8);
      byte[] bad = new byte[text.length + 5];
      System.arraycopy(text, 0, bad, 0, text.length);
      bad[text.length] = (byte) 0xe9;
      bad[text.length + 1] = (byte) 0xff;
      bad[text.length + 2] = (byte) 0xfe;
      bad[text.length + 3] = '\'';
      bad[text.length + 4] = '\n';
      assertEquals(" line 3 is not UTF-8 text (a capture file is UTF-8)", refused("latin1", bad));
   }
}
