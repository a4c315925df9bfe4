package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The docs' options tables ({@code | option | default | meaning |}) against the declarations. A simulation's page
 * has a row for every option the simulation accepts (its {@link Simulations.Entry#options()} and the lab's own,
 * {@link Options#LAB}) and none for an option it refuses; every option named is declared, and a default written as a
 * value is the one the simulation declares.
 */
class DocsOptionsTablesTest {
   /** Each simulation's page and, in the order of the page's options tables, the simulation each table is of. */
   private static final Map<String, List<String>> PAGES = Map.of("docs/poolsweep.md", List.of("PoolSweep"),
         "docs/cpoolcompare.md", List.of("CpoolCompare"), "docs/fidelity.md", List.of("Fidelity"),
         "docs/ratesweep.md", List.of("RateSweep"), "docs/outage.md", List.of("Outage"),
         "docs/burst.md", List.of("Burst"), "docs/lifetime.md", List.of("Lifetime"),
         "docs/replay.md", List.of("Capture", "Replay"));
   /** Simulations without an options table: the page that says how to run them. */
   private static final Map<String, String> NO_TABLE = Map.of(RunFolderOptions.COMPARE, "docs/poolsweep.md",
         RunFolderOptions.MERGE, "docs/merge.md");
   /**
    * Pages whose tables hold options several simulations share: each row must be declared, with the default of the
    * simulation named ("" when none has it in its own list, as the gates, which Lab reads for every run).
    */
   private static final Map<String, String> SHARED = Map.of("docs/pools.md", "PoolSweep",
         "docs/gates-and-ci.md", "");
   /**
    * Options a simulation accepts that its page leaves to another one, with the page that has them: none today but
    * {@code -Dsim}, which every page's first command names and the README lists (PoolSweep's table has its row).
    * Keep it small; a shared option belongs in a row that points to its page.
    */
   private static final Map<String, Map<String, String>> ELSEWHERE = Map.of();
   private static final String SIM_WHERE = "README.md";
   /**
    * Options a simulation reads only to refuse them (with a line that says why): declared in its list so that it
    * owns them rather than another simulation, they must not have a row on its page.
    */
   private static final Map<String, Set<String>> REFUSED = Map.of(
         "CpoolCompare", names(GateOptions.DECLARED), "Fidelity", names(GateOptions.DECLARED));
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
      for (Map.Entry<String, List<String>> page : pages().entrySet()) {
         List<List<String[]>> tables = tables(Path.of(page.getKey()));
         for (int t = 0; t < tables.size(); t++) {
            String simulation = page.getValue().get(Math.min(t, page.getValue().size() - 1));
            List<Option<?>> own = options(simulation);
            for (String[] row : tables.get(t)) {
               rows++;
               String shown = row[1].replace("`", "").trim();
               for (String name : names(row[0])) {
                  Option<?> option = find(own, name);
                  if (Options.LAB.contains(name)) {
                     continue;
                  }
                  if (option == null && find(every, name) == null) {
                     wrong.add(page.getKey() + ": -D" + name + " is declared nowhere");
                  } else if (option != null && !IN_WORDS.contains(shown) && shown.matches("[\\w.,:-]+")
                        && !shown.equals(option.shownDefault())) {
                     wrong.add(page.getKey() + ": -D" + name + " defaults to " + shown + " on the page, "
                           + option.shownDefault() + " in " + simulation + "'s declarations");
                  }
               }
            }
         }
      }
      assertTrue(rows > 100, "only " + rows + " rows of options tables found");
      assertEquals(List.of(), wrong, String.join("\n", wrong));
   }

   @Test
   void everyOptionASimulationAcceptsHasARowOnItsPageAndNoneItRefuses() throws IOException {
      List<String> wrong = new ArrayList<>();
      for (Map.Entry<String, List<String>> page : new TreeMap<>(PAGES).entrySet()) {
         List<List<String[]>> tables = tables(Path.of(page.getKey()));
         if (tables.size() != page.getValue().size()) {
            wrong.add(page.getKey() + ": " + tables.size() + " options tables, one expected for each of "
                  + page.getValue());
            continue;
         }
         for (int t = 0; t < tables.size(); t++) {
            String simulation = page.getValue().get(t);
            Set<String> rowed = new TreeSet<>();
            tables.get(t).forEach(row -> rowed.addAll(names(row[0])));
            Set<String> accepted = accepted(simulation);
            Map<String, String> elsewhere = elsewhere(simulation);
            for (String name : accepted) {
               if (!rowed.contains(name) && !elsewhere.containsKey(name)) {
                  wrong.add(page.getKey() + ": " + simulation + " accepts -D" + name + ", which has no row");
               }
            }
            for (String name : rowed) {
               if (!accepted.contains(name)) {
                  wrong.add(page.getKey() + ": a row names -D" + name + ", which " + simulation + " refuses");
               }
            }
         }
      }
      assertEquals(List.of(), wrong, String.join("\n", wrong));
   }

   @Test
   void everySimulationHasItsPage() {
      Set<String> paged = new TreeSet<>(NO_TABLE.keySet());
      PAGES.values().forEach(paged::addAll);
      assertEquals(new TreeSet<>(Simulations.names()), paged);
      NO_TABLE.values().forEach(page -> assertTrue(Files.isRegularFile(Path.of(page)), page));
   }

   /** An option left to another page is one the simulation accepts, named on that page, and has no row here. */
   @Test
   void theOptionsLeftToAnotherPageAreThere() throws IOException {
      List<String> wrong = new ArrayList<>();
      for (String simulation : Simulations.names()) {
         for (Map.Entry<String, String> left : elsewhere(simulation).entrySet()) {
            String name = left.getKey();
            String text = Files.readString(Path.of(left.getValue()));
            if (!accepted(simulation).contains(name)) {
               wrong.add(simulation + " does not accept -D" + name + ": no exemption needed");
            } else if (!text.contains("`" + name + "`") && !text.contains("-D" + name)) {
               wrong.add(left.getValue() + " does not name -D" + name + ", which " + simulation + " leaves to it");
            }
         }
      }
      assertEquals(List.of(), wrong, String.join("\n", wrong));
   }

   /** The options of {@link #REFUSED} are refused indeed, each alone, with a line that names it. */
   @Test
   void theOptionsReadOnlyToRefuseThemAreRefused() {
      for (Map.Entry<String, Set<String>> refused : REFUSED.entrySet()) {
         Simulations.Entry entry = entry(refused.getKey());
         for (String name : refused.getValue()) {
            Properties given = new Properties();
            given.setProperty(name, "5");
            Options options = new Options(given, Map.of());
            try {
               entry.reader().apply(options);
               throw new AssertionError(entry.name() + " took -D" + name + "=5");
            } catch (OptionException e) {
               String start = name.startsWith("assert.") ? "-Dassert." : "-D" + name;
               assertTrue(e.getMessage().contains(start), e.getMessage());
            }
         }
      }
   }

   /** pools.md names the simulations that take {@code -Dprofile}: those whose list has it. */
   @Test
   void poolsPageNamesEverySimulationThatTakesAProfile() throws IOException {
      String page = Files.readString(Path.of("docs/pools.md"));
      Matcher named = Pattern.compile("`-Dprofile` \\(([^)]+)\\)").matcher(page);
      assertTrue(named.find(), "docs/pools.md names no simulation that takes -Dprofile");
      Set<String> taking = new TreeSet<>();
      Simulations.ALL.stream().filter(e -> find(e.options(), Declared.PROFILE.name()) != null)
            .forEach(e -> taking.add(e.name()));
      assertEquals(taking, new TreeSet<>(List.of(named.group(1).split(",\\s*"))));
   }

   private static Map<String, List<String>> pages() {
      Map<String, List<String>> all = new TreeMap<>(PAGES);
      SHARED.forEach((page, simulation) -> all.put(page, List.of(simulation)));
      return all;
   }

   /** What a page must have a row for, or leave to another page: every name but those read only to refuse them. */
   private static Set<String> accepted(String simulation) {
      Set<String> accepted = new TreeSet<>(names(options(simulation)));
      accepted.addAll(Options.LAB);
      accepted.removeAll(REFUSED.getOrDefault(simulation, Set.of()));
      return accepted;
   }

   private static Map<String, String> elsewhere(String simulation) {
      Map<String, String> elsewhere = new TreeMap<>(ELSEWHERE.getOrDefault(simulation, Map.of()));
      if (!simulation.equals("PoolSweep")) {
         elsewhere.putIfAbsent("sim", SIM_WHERE);
      }
      return elsewhere;
   }

   private static Simulations.Entry entry(String simulation) {
      return Simulations.ALL.stream().filter(e -> e.name().equals(simulation)).findFirst()
            .orElseThrow(() -> new AssertionError("no simulation " + simulation));
   }

   private static List<Option<?>> options(String simulation) {
      return simulation.isEmpty() ? List.of() : entry(simulation).options();
   }

   private static Set<String> names(List<Option<?>> options) {
      Set<String> names = new TreeSet<>();
      options.forEach(o -> names.add(o.name()));
      return names;
   }

   /** The options a row's first cell names: {@code `db.url`, `db.user`} or {@code `-Dsource`}. */
   private static List<String> names(String cell) {
      List<String> names = new ArrayList<>();
      for (String name : cell.replace("`", "").split(",\\s*")) {
         names.add(name.trim().replaceFirst("^-D", ""));
      }
      return names;
   }

   private static Option<?> find(List<Option<?>> options, String name) {
      return options.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
   }

   /** The first two cells of every row of each of the page's options tables, in the page's order. */
   private static List<List<String[]>> tables(Path page) throws IOException {
      List<List<String[]>> tables = new ArrayList<>();
      List<String[]> rows = null;
      for (String line : Files.readAllLines(page)) {
         if (line.matches("\\| option \\| default \\|.*")) {
            rows = new ArrayList<>();
            tables.add(rows);
         } else if (!line.startsWith("|")) {
            rows = null;
         } else if (rows != null && !line.startsWith("|---")) {
            String[] cells = line.substring(1).split("(?<!\\\\)\\|");
            rows.add(new String[] {cells[0].trim(), cells[1].trim()});
         }
      }
      return tables;
   }
}
