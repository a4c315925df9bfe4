package jdbcpoollab.simulations;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OptionsTest {

   private static SweepOptions sweep(Map<String, String> props) {
      return sweep(props, Map.of());
   }

   private static SweepOptions sweep(Map<String, String> props, Map<String, String> env) {
      Properties p = new Properties();
      p.putAll(props);
      return SweepOptions.from(new Options(p, env));
   }

   private static String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> sweep(props)).getMessage();
   }

   @Test
   void defaultsAreTheReferenceExperiment() {
      SweepOptions o = sweep(Map.of());
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), o.pools());
      assertEquals(64, o.users());
      assertEquals(5.0, o.seconds());
      assertEquals(2.0, o.warmup());
      assertEquals(List.of("wait", "cpu"), o.workloads());
      assertEquals(5, o.sleepMs());
      assertEquals(100_000, o.rows());
      assertEquals(30_000, o.connectionTimeoutMs());
      assertTrue(o.target().embedded());
      assertEquals(64, o.largestPool());
   }

   @Test
   void valuesAreParsedInTheOrderGiven() {
      SweepOptions o = sweep(Map.of("pools", " 8, 1 ", "workloads", "cpu", "seconds", "0.5", "warmup", "0"));
      assertEquals(List.of(8, 1), o.pools());
      assertEquals(List.of("cpu"), o.workloads());
      assertEquals(0.5, o.seconds());
      assertEquals(0.0, o.warmup());
   }

   @Test
   void badValuesNameTheOptionTheValueAndWhatIsAllowed() {
      assertEquals("bad option -Dpools=0,abc: allowed is whole numbers from 1 to 1000",
            error(Map.of("pools", "0,abc")));
      assertEquals("bad option -Dusers=-1: allowed is whole numbers from 1 to 10000", error(Map.of("users", "-1")));
      assertEquals("bad option -Dseconds=0: allowed is a number above 0 to 3600", error(Map.of("seconds", "0")));
      assertEquals("bad option -Dworkloads=foo: allowed is a comma-separated list of wait, cpu, each once",
            error(Map.of("workloads", "foo")));
      assertTrue(error(Map.of("pools", "4,4")).contains("each value once"));
      assertTrue(error(Map.of("connectionTimeoutMs", "10")).startsWith("bad option -DconnectionTimeoutMs=10"));
      assertFalse(error(Map.of("pools", "1,,2")).contains("\n"));
   }

   @Test
   void databaseUrlMustBeJdbcAndItsPasswordIsNeverEchoed() {
      String message = error(Map.of("db.url", "http://db:3306/x?password=s3cret"));
      assertTrue(message.startsWith("bad option -Ddb.url="), message);
      assertFalse(message.contains("s3cret"), message);
      assertTrue(error(Map.of("db.url", "jdbc:sqlserver://x")).contains("supported"));
   }

   @Test
   void passwordComesFromThePropertyOrTheEnvironment() {
      Target fromEnv = sweep(Map.of("db.url", "jdbc:mysql://db:3306/demo", "db.user", "lab"),
            Map.of("DB_PASSWORD", "pw-env")).target();
      assertEquals("pw-env", fromEnv.password());
      assertFalse(fromEnv.toString().contains("pw-env"));
      Target fromProperty = sweep(Map.of("db.url", "jdbc:mysql://db:3306/demo", "db.password", "pw-prop"),
            Map.of("DB_PASSWORD", "pw-env")).target();
      assertEquals("pw-prop", fromProperty.password());
      assertNull(sweep(Map.of()).target().url());
   }
}
