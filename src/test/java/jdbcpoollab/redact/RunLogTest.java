package jdbcpoollab.redact;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The logging the tests' logback-test.xml sets up, as a run gets it: a library's warnings with stack traces reach the
 * console once per kind, in one line, and lab.log whole; the counts say how many of each.
 */
class RunLogTest {
   private static final String EVENT = "^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN .*";

   @TempDir
   Path run;

   @Test
   void eachKindOnceOnTheConsoleEveryEventWholeInLabLog() throws IOException {
      RunLog.writeTo(run);
      RunLog.Counts before = RunLog.counts();
      Logger pool = LoggerFactory.getLogger("com.zaxxer.hikari.pool.ProxyConnection");
      PrintStream console = System.out;
      ByteArrayOutputStream shown = new ByteArrayOutputStream();
      System.setOut(new PrintStream(shown, true, StandardCharsets.UTF_8));
      try {
         for (int connection = 1; connection <= 3; connection++) {
            pool.warn("lab-pool - Connection conn{} marked as broken because of SQLSTATE(08S01)", connection,
                  new SQLException("Communications link failure", "08S01"));
         }
         pool.warn("lab-pool - Failed to validate connection conn{}", 4, new SQLException("closed"));
      } finally {
         System.setOut(console);
      }
      RunLog.Counts after = RunLog.counts();
      assertEquals(4, after.events() - before.events());
      assertEquals(2, after.kinds() - before.kinds());

      List<String> lines = shown.toString(StandardCharsets.UTF_8).lines().toList();
      assertEquals(2, lines.stream().filter(l -> l.matches(EVENT)).count(), lines.toString());
      assertFalse(lines.stream().anyMatch(l -> l.startsWith("\tat ")), lines.toString());

      List<String> logged = Files.readAllLines(run.resolve(RunLog.FILE));
      assertEquals(4, logged.stream().filter(l -> l.matches(EVENT)).count(), logged.toString());
      assertTrue(logged.stream().anyMatch(l -> l.startsWith("\tat ")), logged.toString());
   }
}
