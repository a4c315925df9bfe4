package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Outage;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Outage through a black hole, whose pool and driver log warnings with stack traces: none reaches the console
 * with its trace, and the counts in summary.json and the closing line are those of lab.log and the console.
 */
class LibraryLogTest {
   private static final String EVENT = "^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} (WARN|ERROR) .*";

   @Test
   void theConsoleGetsOneLinePerKindAndLabLogEveryEventWithItsStackTrace() throws IOException {
      GatlingRun.Result run = GatlingRun.run(Outage.class, Map.of("source", "hikari", "down", "blackhole",
            "connectionTimeoutMs", "2000", "socketTimeoutMs", "2500", "steadySeconds", "1", "downSeconds", "4",
            "afterSeconds", "2", "users", "8", "pool", "4"), false);
      assertEquals(0, run.exitCode(), run.console());
      Path log = run.folder().resolve("lab.log");
      assertTrue(Files.exists(log), run.console());
      List<String> logged = Files.readAllLines(log);
      long events = logged.stream().filter(l -> l.matches(EVENT)).count();
      assertFalse(run.console().lines().anyMatch(l -> l.startsWith("\tat ")), "no stack trace:\n" + run.console());
      long onConsole = run.console().lines().filter(l -> l.matches(EVENT)).count();
      @SuppressWarnings("unchecked")
      Map<String, Object> counts = (Map<String, Object>) run.summary().getOrDefault("logEvents",
            Map.of("events", 0, "kinds", 0));
      assertEquals(events, ((Number) counts.get("events")).longValue(), counts.toString());
      assertEquals(onConsole, ((Number) counts.get("kinds")).longValue(), run.console());
      // which library warns, and how often, depends on what this JVM logged before (some warn once per JVM):
      // RunLogTest holds the once-per-kind console and the whole events in lab.log to known events
      if (events > 0) {
         assertTrue(run.console().contains("jdbc-pool-lab: " + events + " log events of " + onConsole + " kinds"),
               run.console());
      }
   }
}
