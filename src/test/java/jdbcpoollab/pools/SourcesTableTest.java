package jdbcpoollab.pools;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/pools.md's table of the sources as configured is the one place the docs list the pool libraries: a row per
 * registered library, in the registry's order (the order of the allowed names in every refusal and of the fault
 * simulations' default), and every cell filled.
 */
class SourcesTableTest {
   private static final String HEADING = "## The sources as configured";

   @Test
   void theTableHasARowPerRegisteredLibraryInTheRegistrysOrder() throws IOException {
      assertEquals(PoolLibraries.DEFAULT.names(), table().stream().map(row -> row.get(0).replace("`", "")).toList());
   }

   @Test
   void everyRowFillsEveryColumn() throws IOException {
      List<List<String>> rows = table();
      int columns = header().size();
      assertTrue(columns >= 5, header().toString());
      for (List<String> row : rows) {
         assertEquals(columns, row.size(), row.get(0) + ": " + row);
         assertFalse(row.stream().anyMatch(String::isBlank), row.get(0) + ": an empty cell " + row);
      }
   }

   /** The cells of the column headed {@code header}, by source, in the table's order. */
   static Map<String, String> column(String header) throws IOException {
      int at = header().indexOf(header);
      assertTrue(at > 0, "a column " + header + " in " + header());
      Map<String, String> cells = new LinkedHashMap<>();
      table().forEach(row -> cells.put(row.get(0).replace("`", ""), row.get(at)));
      return cells;
   }

   private static List<String> header() throws IOException {
      return cells(tableLines().get(0));
   }

   private static List<List<String>> table() throws IOException {
      List<String> lines = tableLines();
      assertTrue(lines.size() > 2 && lines.get(1).startsWith("|---"), "a table under " + HEADING);
      List<List<String>> rows = new ArrayList<>();
      for (String line : lines.subList(2, lines.size())) {
         rows.add(cells(line));
      }
      return rows;
   }

   /** The lines of the first table under the heading. */
   private static List<String> tableLines() throws IOException {
      List<String> lines = Files.readAllLines(Path.of(System.getProperty("basedir", ".")).resolve("docs/pools.md"));
      int at = lines.indexOf(HEADING);
      assertTrue(at >= 0, HEADING + " in docs/pools.md");
      while (at < lines.size() && !lines.get(at).startsWith("|")) {
         at++;
      }
      int end = at;
      while (end < lines.size() && lines.get(end).startsWith("|")) {
         end++;
      }
      return lines.subList(at, end);
   }

   private static List<String> cells(String line) {
      String inner = line.strip();
      inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
      return Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList();
   }
}
