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
 * docs/pools.md lists the pool libraries in two tables, both held to the lab's registry: the sources as configured,
 * a row per registered library, and where each pooled library's recommended settings come from (Fair comparison), a
 * row per pooled one; each in the registry's order (the order of the allowed names in every refusal and of the fault
 * simulations' default), and every cell filled.
 */
class SourcesTableTest {
   static final String SOURCES = "## The sources as configured";
   static final String FAIR = "## Fair comparison: defaults and recommended";

   @Test
   void theTableHasARowPerRegisteredLibraryInTheRegistrysOrder() throws IOException {
      assertEquals(PoolLibraries.DEFAULT.names(), names(SOURCES));
   }

   @Test
   void theFairComparisonHasARowPerPooledLibraryInTheRegistrysOrder() throws IOException {
      assertEquals(PoolLibraries.DEFAULT.all().stream().filter(PoolLibrary::pooled).map(PoolLibrary::name).toList(),
            names(FAIR), "a row of where its recommended settings come from, \"nothing\" included");
   }

   @Test
   void everyRowFillsEveryColumn() throws IOException {
      for (String heading : List.of(SOURCES, FAIR)) {
         int columns = header(heading).size();
         assertTrue(columns >= (heading.equals(SOURCES) ? 5 : 3), heading + ": " + header(heading));
         for (List<String> row : table(heading)) {
            assertEquals(columns, row.size(), heading + ", " + row.get(0) + ": " + row);
            assertFalse(row.stream().anyMatch(String::isBlank), heading + ", " + row.get(0) + ": an empty cell " + row);
         }
      }
   }

   /** The cells of the column headed {@code header} of the sources as configured, by source, in the table's order. */
   static Map<String, String> column(String header) throws IOException {
      return column(SOURCES, header);
   }

   /** The cells of the column headed {@code header} of the table under {@code heading}, by source. */
   static Map<String, String> column(String heading, String header) throws IOException {
      int at = header(heading).indexOf(header);
      assertTrue(at > 0, "a column " + header + " in " + header(heading));
      Map<String, String> cells = new LinkedHashMap<>();
      table(heading).forEach(row -> cells.put(row.get(0).replace("`", ""), row.get(at)));
      return cells;
   }

   private static List<String> names(String heading) throws IOException {
      return table(heading).stream().map(row -> row.get(0).replace("`", "")).toList();
   }

   private static List<String> header(String heading) throws IOException {
      return cells(tableLines(heading).get(0));
   }

   private static List<List<String>> table(String heading) throws IOException {
      List<String> lines = tableLines(heading);
      assertTrue(lines.size() > 2 && lines.get(1).startsWith("|---"), "a table under " + heading);
      List<List<String>> rows = new ArrayList<>();
      for (String line : lines.subList(2, lines.size())) {
         rows.add(cells(line));
      }
      return rows;
   }

   /** The lines of the first table under the heading. */
   private static List<String> tableLines(String heading) throws IOException {
      List<String> lines = Files.readAllLines(Path.of(System.getProperty("basedir", ".")).resolve("docs/pools.md"));
      int at = lines.indexOf(heading);
      assertTrue(at >= 0, heading + " in docs/pools.md");
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
