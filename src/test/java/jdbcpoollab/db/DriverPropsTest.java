package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Ddriver.props: named sets and pairs, one line for bad syntax, secrets never shown, the URL's query, what is ignored. */
class DriverPropsTest {

   private static String error(String raw) {
      return assertThrows(IllegalArgumentException.class, () -> DriverProps.parse(raw)).getMessage();
   }

   @Test
   void setsAreSeparatedBySemicolonsAndNamedSetsExpand() {
      List<DriverProps> sets = DriverProps.parse("default; hikari-mysql ;cachePrepStmts=true,prepStmtCacheSize=50");
      assertEquals(List.of("default", "hikari-mysql", "cachePrepStmts=true,prepStmtCacheSize=50"),
            sets.stream().map(DriverProps::label).toList());
      assertEquals(Map.of(), sets.get(0).values());
      assertEquals(10, sets.get(1).values().size());
      assertEquals("250", sets.get(1).values().get("prepStmtCacheSize"));
      assertEquals("false", sets.get(1).values().get("maintainTimeStats"));
      DriverProps mixed = DriverProps.parse("pgjdbc-prepare,ApplicationName=lab").get(0);
      assertEquals(Map.of("prepareThreshold", "1", "ApplicationName", "lab"), mixed.values());
      assertEquals("pgjdbc-prepare,ApplicationName=lab", mixed.label());
   }

   @Test
   void badSyntaxIsOneLineNamingWhatIsAllowed() {
      assertEquals("bogus is neither a named set (default, hikari-mysql, pgjdbc-prepare) nor name=value; a set's "
            + "items are separated by commas, sets by semicolons", error("cachePrepStmts=true,bogus"));
      assertTrue(error("=1").startsWith("a property is name=value"));
      assertTrue(error("a=").startsWith("a property is name=value"));
      assertTrue(error("a=b&c=d").startsWith("a property is name=value"), "a value would end the URL's parameter");
      assertEquals("a set names the property cachePrepStmts twice", error("hikari-mysql,cachePrepStmts=false"));
      assertEquals("the set default is given twice", error("default;default"));
      assertTrue(error("hikari-mysql;").contains("neither a named set"), "an empty set");
   }

   @Test
   void aValueWhoseNameLooksLikeAPasswordIsNeverShown() {
      DriverProps props = DriverProps.parse("user=lab,password=s3cr3t-h4").get(0);
      assertEquals("user=lab,password=***", props.label());
      assertEquals("user=lab, password=***", props.describe());
      assertEquals("connecting with *** failed", Redactor.text("connecting with s3cr3t-h4 failed"));
      assertFalse(error("passwd=x1,passwdOops").contains("passwdOops"));
   }

   @Test
   void thePropertiesGoIntoTheUrlsQueryReplacingTheSameName() {
      DriverProps props = DriverProps.parse("useSSL=true,cachePrepStmts=true").get(0);
      assertEquals("jdbc:mysql://h:1/lab?cachePrepStmts=true&useSSL=true", DriverProps.parse("cachePrepStmts=true,"
            + "useSSL=true").get(0).apply("jdbc:mysql://h:1/lab"));
      assertEquals("jdbc:mysql://h:1/lab?connectTimeout=5000&useSSL=true&cachePrepStmts=true",
            props.apply("jdbc:mysql://h:1/lab?useSSL=false&connectTimeout=5000"));
      assertEquals("jdbc:mysql://h:1/lab?x=1", DriverProps.DEFAULT.apply("jdbc:mysql://h:1/lab?x=1"));
   }

   @Test
   void eachDriverSaysWhichOfHikarisMySqlSettingsItDoesNotKnow() {
      DriverProps hikari = DriverProps.parse("hikari-mysql").get(0);
      assertEquals(List.of(), hikari.ignoredBy("jdbc:mysql://127.0.0.1/lab"));
      assertEquals(List.of("prepStmtCacheSqlLimit", "cacheResultSetMetadata", "cacheServerConfiguration",
            "elideSetAutoCommits", "maintainTimeStats"), hikari.ignoredBy("jdbc:mariadb://127.0.0.1/lab"));
      assertEquals(List.of(), DriverProps.parse("pgjdbc-prepare").get(0).ignoredBy("jdbc:postgresql://127.0.0.1/lab"));
      assertEquals(List.of("prepareThreshold"), DriverProps.parse("pgjdbc-prepare").get(0)
            .ignoredBy("jdbc:mysql://127.0.0.1/lab"));
   }

   @Test
   void aShownValueThatCouldRunAsScriptInGatlingsReportIsRefused() {
      String why = error("connectTimeout=1</script><script>alert(1)//");
      assertTrue(why.contains("connectTimeout") && why.contains("Gatling's report") && !why.contains("alert"), why);
      assertTrue(error("ApplicationName=x'+alert(1)+'").contains("ApplicationName"));
      assertEquals("password=***", DriverProps.parse("password=a<b>'c").get(0).label(), "a password may hold more");
   }
}
