package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The docs' options tables ({@code | option | default | meaning |}) against the declarations: every option named is
 * declared, and a default written as a value is the one the page's simulation declares.
 */
class DocsOptionsTablesTest {
   private static final Map<String, String> PAGES = Map.of("docs/poolsweep.md", "PoolSweep",
         "docs/pools.md", "PoolSweep", "docs/cpoolcompare.md", "CpoolCompare", "docs/fidelity.md", "Fidelity",
         "docs/ratesweep.md", "RateSweep", "docs/outage.md", "Outage", "docs/burst.md", "Burst",
         "docs/lifetime.md", "Lifetime", "docs/gates-and-ci.md", "");
   /** Defaults the docs write in words, not as a value: there is nothing to compare. */
   private static final Set<String> IN_WORDS = Set.of("none", "all", "");

   @Test
   void everyTabledOptionIsDeclaredWithItsDefault() throws IOException, IllegalAccessException {
      List<Option<?>> every = new ArrayList<>();
      for (Field field : Declared.class.getFields()) {
         if (field.get(null) instanceof Option<?> option) {
            every.add(option);
         }
      }
      List<String> wrong = new ArrayList<>();
      int rows = 0;
      for (Map.Entry<String, String> page : new TreeMap<>(PAGES).entrySet()) {
         List<Option<?>> own = Simulations.ALL.stream().filter(e -> e.name().equals(page.getValue())).findFirst()
               .map(Simulations.Entry::options).orElse(List.of());
         for (String[] row : rows(Path.of(page.getKey()))) {
            rows++;
            String shown = row[1].replace("`", "").trim();
            for (String name : row[0].replace("`", "").replace("-D", "").split(",\\s*")) {
               name = name.trim();
               if (Options.LAB.contains(name)) {
                  continue;
               }
               Option<?> option = find(own, name);
               if (option == null && find(every, name) == null) {
                  wrong.add(page.getKey() + ": -D" + name + " is declared nowhere");
               } else if (option != null && !IN_WORDS.contains(shown) && shown.matches("[\\w.,:-]+")
                     && !shown.equals(option.shownDefault())) {
                  wrong.add(page.getKey() + ": -D" + name + " defaults to " + shown + " on the page, "
                        + option.shownDefault() + " in " + page.getValue() + "'s declarations");
               }
            }
         }
      }
      assertTrue(rows > 100, "only " + rows + " rows of options tables found");
      assertEquals(List.of(), wrong, String.join("\n", wrong));
   }

   private static Option<?> find(List<Option<?>> options, String name) {
      return options.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
   }

   /** The first two cells of every row of the page's options tables. */
   private static List<String[]> rows(Path page) throws IOException {
      List<String[]> rows = new ArrayList<>();
      boolean in = false;
      for (String line : Files.readAllLines(page)) {
         if (line.matches("\\| option \\| default \\|.*")) {
            in = true;
         } else if (!line.startsWith("|")) {
            in = false;
         } else if (in && !line.startsWith("|---")) {
            String[] cells = line.substring(1).split("(?<!\\\\)\\|");
            rows.add(new String[] {cells[0].trim(), cells[1].trim()});
         }
      }
      return rows;
   }
}
