package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Lifetime;
import jdbcpoollab.simulations.Outage;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agroal as it comes and as its most common user configures it, on the embedded MariaDB. As it comes no exception is
 * fatal to it, so a connection broken under it goes back to the pool and fails every statement after; with the
 * exception sorter and validation of the {@code recommended} profile a broken connection fails the statement it was
 * running and is replaced.
 */
class AgroalProfilesTest {
   private static final int POOL = 2;
   private static final String STATEMENT = "statement: ";
   private static final String GET_CONNECTION = "getConnection: ";
   private static final String REFUSED = "Connection refused";

   @Test
   void recommendedComesBackAfterARefusedOutageAndDefaultsDoNot() {
      List<Map<String, Object>> sources = outage("refuse", "defaults,recommended", 4);
      Map<String, Object> defaults = sources.get(0);
      Map<String, Object> recommended = sources.get(1);
      assertEquals(List.of("agroal/defaults", "agroal/recommended"), List.of(defaults.get("source"),
            recommended.get("source")));
      assertNull(defaults.get("recoverySeconds"), "as it comes it keeps the broken connections: " + defaults);
      assertTrue(statementFailures(defaults) > POOL, defaults.toString());
      assertNotNull(recommended.get("recoverySeconds"), recommended.toString());
      assertTrue(statementFailures(recommended) <= POOL, "only the statements in flight: " + recommended);
      for (Map<String, Object> s : sources) {
         assertTrue(((Number) s.get("failuresPerDownSecond")).doubleValue() > 0, s.toString());
      }
      // how each fails, by the kind of its failures rather than by their timing, which a busy machine shifts: as it
      // comes getConnection never fails (it hands out the broken connections, which fail their statements), so
      // there is no failure mode to read; recommended replaces them, and the new ones the server refuses fail
      // getConnection with the driver's refusal
      assertEquals(0, failures(defaults, GET_CONNECTION, ""), "as it comes getConnection never fails: " + defaults);
      assertNull(defaults.get("failureMode"), defaults.toString());
      assertTrue(failures(recommended, GET_CONNECTION, REFUSED) > 0, "recommended's new connections are refused: "
            + recommended);
      assertNotNull(recommended.get("failureMode"), recommended.toString());
   }

   @Test
   void recommendedComesBackAfterABlackhole() {
      // statements sent into a black hole wait out the 2.5 s socket timeout before their connections are replaced:
      // 4 s after it were too few to find one whole second at 80% of the steady rate in one busy CI run (not back)
      Map<String, Object> recommended = outage("blackhole", "recommended", 6).get(0);
      assertEquals("agroal/recommended", recommended.get("source"));
      assertNotNull(recommended.get("recoverySeconds"), recommended.toString());
      assertTrue(statementFailures(recommended) <= POOL, "only the statements in flight: " + recommended);
      assertEquals("makes callers wait", recommended.get("failureMode"), "a black hole answers nothing: "
            + recommended);
   }

   @Test
   void recommendedLosesOnlyTheStatementsInFlightAtACutBelowItsLifetime() {
      GatlingRun.Result run = GatlingRun.run(Lifetime.class, Map.of("source", "agroal", "profile",
            "defaults,recommended", "pool", Integer.toString(POOL), "users", "2", "rounds", "2", "workSeconds", "2.5",
            "pauseSeconds", "1.5", "cutAfterMs", "2500"), false);
      assertEquals(0, run.exitCode(), run.console());
      List<Map<String, Object>> sources = sources(run);
      Map<String, Object> defaults = sources.get(0);
      Map<String, Object> recommended = sources.get(1);
      long cut = ((Number) recommended.get("cutByProxy")).longValue();
      assertTrue(cut > 0, recommended.toString());
      assertTrue(((Number) recommended.get("failed")).longValue() <= cut, "at most one statement per cut: "
            + recommended);
      assertTrue(((Number) recommended.get("ok")).longValue() > 0, recommended.toString());
      assertTrue(((Number) recommended.get("connectionsReplaced")).longValue() > 0, recommended.toString());
      assertTrue(((Number) defaults.get("failed")).longValue() > ((Number) defaults.get("cutByProxy")).longValue(),
            "as it comes a cut connection fails every statement after: " + defaults);
   }

   private static List<Map<String, Object>> outage(String down, String profiles, int afterSeconds) {
      GatlingRun.Result run = GatlingRun.run(Outage.class, Map.of("source", "agroal", "profile", profiles, "down",
            down, "connectionTimeoutMs", "2000", "socketTimeoutMs", "2500", "steadySeconds", "2", "downSeconds", "3",
            "afterSeconds", Integer.toString(afterSeconds), "users", "4", "pool", Integer.toString(POOL)), false);
      assertEquals(0, run.exitCode(), run.console());
      return sources(run);
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> sources(GatlingRun.Result run) {
      return (List<Map<String, Object>>) run.summary().get("sources");
   }

   private static long statementFailures(Map<String, Object> source) {
      return failures(source, STATEMENT, "");
   }

   /** The failures whose message starts with {@code how} and holds {@code what}. */
   @SuppressWarnings("unchecked")
   private static long failures(Map<String, Object> source, String how, String what) {
      return ((Map<String, Number>) source.get("failures")).entrySet().stream()
            .filter(e -> e.getKey().startsWith(how) && e.getKey().contains(what))
            .mapToLong(e -> e.getValue().longValue()).sum();
   }
}
