package jdbcpoollab.engines;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan as the product of named axes: every combination of one value of each, the first axis outermost, so that the
 * last one changes from step to step and the first only once all the others have gone round.
 */
final class Axes {
   private final Map<String, List<?>> axes = new LinkedHashMap<>();

   /** Adds the next axis, inside those before it; a value may be null (an axis that is not given). */
   Axes axis(String name, List<?> values) {
      if (axes.putIfAbsent(name, values) != null) {
         throw new IllegalArgumentException("axis " + name + " twice");
      }
      return this;
   }

   /** The axes' names, outermost first. */
   List<String> names() {
      return List.copyOf(axes.keySet());
   }

   /** Every combination, in the plan's order. */
   List<At> product() {
      List<Map<String, Object>> rows = new ArrayList<>(List.of(Map.of()));
      for (Map.Entry<String, List<?>> axis : axes.entrySet()) {
         List<Map<String, Object>> next = new ArrayList<>();
         for (Map<String, Object> row : rows) {
            for (Object value : axis.getValue()) {
               Map<String, Object> longer = new LinkedHashMap<>(row);
               longer.put(axis.getKey(), value);
               next.add(longer);
            }
         }
         rows = next;
      }
      return rows.stream().map(At::new).toList();
   }

   /** One combination: a value of each axis, by its name. */
   record At(Map<String, Object> values) {
      <T> T get(String axis, Class<T> type) {
         if (!values.containsKey(axis)) {
            throw new IllegalArgumentException("no axis " + axis);
         }
         return type.cast(values.get(axis));
      }
   }
}
