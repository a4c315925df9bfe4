package jdbcpoollab.workloads;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The operations of one run, one record each: which statement ({@code op}) on which row of the work table
 * ({@code id}). The mixed workload cycles select, insert, update. Selects and updates pick one of the kept rows at
 * random, in the same order for every option of a round; inserts take the next id above the kept rows.
 */
public final class WorkFeeder implements Iterator<Map<String, Object>> {
   private final List<String> cycle;
   private final int rows;
   private final Random random;
   private long next;
   private int inserted;

   public WorkFeeder(String workload, int rows, long seed) {
      this.cycle = workload.equals("mixed") ? List.of("select", "insert", "update") : List.of(workload);
      this.rows = rows;
      this.random = new Random(seed);
   }

   @Override
   public boolean hasNext() {
      return true;
   }

   @Override
   public synchronized Map<String, Object> next() {
      String op = cycle.get((int) (next++ % cycle.size()));
      int id = op.equals("insert") ? rows + ++inserted : 1 + random.nextInt(rows);
      return Map.of("op", op, "id", id);
   }
}
