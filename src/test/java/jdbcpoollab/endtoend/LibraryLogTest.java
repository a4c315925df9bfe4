package jdbcpoollab.endtoend;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import jdbcpoollab.simulations.Outage;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Outage whose pool logs warnings with stack traces: none reaches the console with its trace, and the counts
 * in summary.json and the closing line are those of lab.log and the console. The outage refuses: the proxy closes
 * every connection of HikariCP's pool while its users loop on them, so the next use of each one fails with a
 * connection error (SQLSTATE 08), which HikariCP logs as a WARN with its stack trace ("marked as broken", or "failed
 * to validate" when it checks a connection idle longer than half a second). However busy the machine, the users keep
 * borrowing those connections, so the event is provoked, not hoped for; a run that captured no library event fails.
 * <p>
 * Gatling stops logback as each run ends (its {@code Gatling.start} does, so that a JVM of one run flushes its logs),
 * which in a test JVM of several in-process runs silences every library after the first: this test configures logback
 * again from {@code logback-test.xml} first, as a JVM of the lab's own starts with it.
 */
class LibraryLogTest {
   private static final String EVENT = "^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} (WARN|ERROR) .*";
   private static final String HIKARI = "^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  c\\.z(axxer)?\\.h(ikari)?\\..*";

   @BeforeEach
   void logbackAsAJvmStartsWithIt() throws JoranException {
      LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
      context.reset();
      JoranConfigurator configurator = new JoranConfigurator();
      configurator.setContext(context);
      configurator.doConfigure(LibraryLogTest.class.getResource("/logback-test.xml"));
   }

   @Test
   void theConsoleGetsOneLinePerKindAndLabLogEveryEventWithItsStackTrace() throws IOException {
      GatlingRun.Result run = GatlingRun.run(Outage.class, Map.of("source", "hikari", "down", "refuse",
            "connectionTimeoutMs", "1000", "socketTimeoutMs", "2500", "steadySeconds", "1", "downSeconds", "2",
            "afterSeconds", "1", "users", "8", "pool", "4"), false);
      assertEquals(0, run.exitCode(), run.console());
      Path log = run.folder().resolve("lab.log");
      assertTrue(Files.exists(log), run.console());
      List<String> logged = Files.readAllLines(log);
      long events = logged.stream().filter(l -> l.matches(EVENT)).count();
      assertTrue(logged.stream().anyMatch(l -> l.matches(HIKARI)), "HikariCP's warning of a broken connection, "
            + "provoked by the refused outage, is in lab.log:\n" + String.join("\n", logged) + "\n" + run.console());
      assertTrue(logged.stream().anyMatch(l -> l.startsWith("\tat ")), "lab.log keeps the stack traces");
      assertFalse(run.console().lines().anyMatch(l -> l.startsWith("\tat ")), "no stack trace:\n" + run.console());
      long onConsole = run.console().lines().filter(l -> l.matches(EVENT)).count();
      assertTrue(run.console().lines().anyMatch(l -> l.matches(HIKARI)), run.console());
      @SuppressWarnings("unchecked")
      Map<String, Object> counts = (Map<String, Object>) run.summary().get("logEvents");
      assertEquals(events, ((Number) counts.get("events")).longValue(), counts.toString());
      assertEquals(onConsole, ((Number) counts.get("kinds")).longValue(), run.console());
      assertTrue(onConsole <= events, "each kind once on the console: " + onConsole + " of " + events);
      assertTrue(run.console().contains("jdbc-pool-lab: " + events + " log events of " + onConsole + " kinds"),
            run.console());
   }
}
