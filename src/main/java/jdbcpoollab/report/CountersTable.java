package jdbcpoollab.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "Server counters per step": one row per finished step, what the server's connection counters moved by over it
 * (peaks and gauges as read at its end). Callers put a step and read the table under this object's lock.
 */
public final class CountersTable {
   public static final String KEY = "server";
   public static final String TITLE = "Server counters per step";

   private final Map<String, Map<String, Long>> counters = new LinkedHashMap<>();

   public synchronized void put(String step, Map<String, Long> moved) {
      counters.put(step, moved);
   }

   public synchronized boolean isEmpty() {
      return counters.isEmpty();
   }

   /** Every counter any step read, a column each; "n/a" where a step's server did not give it. */
   public synchronized Table table() {
      List<String> names = names();
      List<String> headers = new ArrayList<>(List.of("step"));
      headers.addAll(names);
      Table table = new Table(headers);
      counters.forEach((step, c) -> {
         List<String> cells = new ArrayList<>(List.of(step));
         names.forEach(n -> cells.add(c.containsKey(n) ? Long.toString(c.get(n)) : "n/a"));
         table.add(cells);
      });
      return table;
   }

   public synchronized List<Map<String, Object>> rows() {
      List<String> names = names();
      List<Map<String, Object>> rows = new ArrayList<>();
      counters.forEach((step, c) -> {
         Map<String, Object> row = new LinkedHashMap<>();
         row.put("step", step);
         names.forEach(n -> row.put(n, c.get(n)));
         rows.add(row);
      });
      return rows;
   }

   /** @param peakCounters the counters the server gives as peaks or gauges rather than totals */
   public static String note(Collection<String> peakCounters) {
      return "Change over each step (pool fill included); " + String.join(" and ", peakCounters.stream().sorted()
            .toList()) + " as read at the step's end, its pool still open.";
   }

   private List<String> names() {
      List<String> names = new ArrayList<>();
      counters.values().forEach(c -> c.keySet().stream().filter(n -> !names.contains(n)).forEach(names::add));
      return names;
   }
}
