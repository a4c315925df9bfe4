package jdbcpoollab.workloads;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.PoolSweepOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workload of a user who only has SQL: -Dsql=@file.sql of several statements, -Dfeeder, and its bad input. */
class SqlFileWorkloadTest {
   @TempDir
   Path dir;

   private Map<String, String> file(String sql, String csv) throws IOException {
      Map<String, String> o = new HashMap<>(Map.of("workloads", "custom", "sql.writes", "true",
            "sql", "@" + Files.writeString(dir.resolve("w.sql"), sql)));
      if (csv != null) {
         o.put("feeder", Files.writeString(dir.resolve("ids.csv"), csv).toString());
      }
      return o;
   }

   private static PoolSweepOptions sweep(Map<String, String> given) {
      Properties p = new Properties();
      p.putAll(given);
      return PoolSweepOptions.from(new Options(p, Map.of()));
   }

   private static String error(Map<String, String> given) {
      return assertThrows(OptionException.class, () -> sweep(given)).getMessage();
   }

   @Test
   void severalStatementsAreOneRequestBoundFromTheFeeder() throws IOException {
      Map<String, String> o = file("UPDATE t SET n = n + 1 WHERE id = #{id};\nSELECT * FROM t WHERE id = #{id};\n",
            "id\n7\n8\n");
      o.put("sql.transaction", "true");
      CustomWorkload w = (CustomWorkload) sweep(o).workloads().get(0);
      assertTrue(w.request().transaction());
      assertEquals(List.of("statement 1", "statement 2"), w.request().statements().stream()
            .map(Request.Statement::name).toList());
      assertEquals("UPDATE t SET n = n + 1 WHERE id = ?", w.request().statements().get(0).sql().jdbc());
      assertTrue(List.of("7", "8").contains(String.valueOf(w.draw().get("id"))), "Gatling's CSV feeder, random");
      assertNull(((CustomWorkload) sweep(Map.of("workloads", "custom", "sql", "SELECT 1")).workloads().get(0))
            .request(), "one statement without parameters runs as before");
   }

   @Test
   void aQueueFeederRunsDry() throws IOException {
      Map<String, String> o = file("SELECT #{id}", "id\n1\n2\n");
      o.put("feeder.strategy", "queue");
      Workload w = sweep(o).workloads().get(0);
      assertEquals(2, w.draw().size() + w.draw().size());
      assertNull(w.draw(), "each record once, then none");
   }

   @Test
   void badInputIsOneLineEach() throws IOException {
      Map<String, String> missing = file("SELECT #{id}", null);
      missing.put("feeder", dir.resolve("nope.csv").toString());
      assertTrue(error(missing).startsWith("bad option -Dfeeder=") && error(missing).contains("cannot read"),
            error(missing));
      String column = error(file("-- by customer\nSELECT #{customer}", "id,name\n1,a\n"));
      assertTrue(column.contains("#{customer} is not a column of") && column.contains("(it has id, name)"), column);
      String empty = error(file("SELECT #{id}", "id\n"));
      assertTrue(empty.startsWith("bad option -Dfeeder=") && empty.contains("at least one row"), empty);
      assertTrue(empty.endsWith("ids.csv has no rows: a header line only)") && !empty.contains("bound"), empty);
      String mark = error(Map.of("workloads", "custom", "sql", "SELECT * FROM t WHERE id = ?"));
      assertTrue(mark.startsWith("bad option -Dsql=") && mark.contains("#{"), mark);
      String unbound = error(Map.of("workloads", "custom", "sql", "SELECT #{id}"));
      assertTrue(unbound.contains("not bound without -Dfeeder"), unbound);
      for (String line : List.of(column, empty, mark, unbound)) {
         assertTrue(!line.contains("\n"), line);
      }
   }

   @Test
   void aFileThatIsNotUtf8TextIsRefusedSayingSo() throws IOException {
      byte[] latin1 = "SELECT 'caf\u00e9' FROM t WHERE id = #{id}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      Path sql = Files.write(dir.resolve("latin1.sql"), latin1);
      String notText = error(Map.of("workloads", "custom", "sql", "@" + sql));
      assertTrue(notText.contains("not UTF-8") && !notText.contains("cannot read"), notText);

      Map<String, String> o = file("SELECT * FROM t WHERE name = #{name}", null);
      o.put("feeder", Files.write(dir.resolve("names.csv"), "name\nJos\u00e9\n".getBytes(
            java.nio.charset.StandardCharsets.ISO_8859_1)).toString());
      String csv = error(o);
      assertTrue(csv.contains("not UTF-8") && !csv.contains("Input length"), csv);
   }
}
