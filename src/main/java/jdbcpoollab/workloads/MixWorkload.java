package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * Several workloads on one pool: {@code -Dmix=wait:90,cpu:10}, each operation one of them, picked by weight. The step
 * reports each kind apart (a fast query's P99 while slow ones hold the pool).
 */
public final class MixWorkload implements Workload {
   private final List<Workload> kinds;
   private final int[] cumulative;
   private final Map<String, Integer> weights;

   MixWorkload(Map<Workload, Integer> weighted) {
      kinds = List.copyOf(weighted.keySet());
      cumulative = new int[kinds.size()];
      weights = new LinkedHashMap<>();
      int sum = 0;
      for (int i = 0; i < kinds.size(); i++) {
         sum += weighted.get(kinds.get(i));
         cumulative[i] = sum;
         weights.put(kinds.get(i).name(), weighted.get(kinds.get(i)));
      }
   }

   @Override
   public String name() {
      return "mix";
   }

   @Override
   public String statement() {
      return kinds.stream().map(k -> k.name() + " " + weights.get(k.name()) + "/" + cumulative[cumulative.length - 1]
            + ": " + k.statement()).collect(Collectors.joining(" | "));
   }

   @Override
   public boolean plainQuery() {
      return false;
   }

   @Override
   public Workload pick() {
      int draw = ThreadLocalRandom.current().nextInt(cumulative[cumulative.length - 1]);
      for (int i = 0; i < cumulative.length; i++) {
         if (draw < cumulative[i]) {
            return kinds.get(i);
         }
      }
      return kinds.get(kinds.size() - 1);
   }

   @Override
   public List<Workload> kinds() {
      return kinds;
   }

   /** Picks a kind and runs it, for a caller that does not pick first. */
   @Override
   public void run(Connection connection) throws SQLException {
      pick().run(connection);
   }

   @Override
   public void prepare(Connection connection) throws SQLException {
      for (Workload kind : kinds) {
         kind.prepare(connection);
      }
   }

   @Override
   public int bigTableRows() {
      return Workload.bigTableRows(kinds);
   }

   /** Read-only when any kind is: its kinds share one pool. */
   @Override
   public boolean readOnly() {
      return kinds.stream().anyMatch(Workload::readOnly);
   }

   @Override
   public boolean usersOwn() {
      return kinds.stream().anyMatch(Workload::usersOwn);
   }

   @Override
   public Map<String, Object> settings() {
      return Map.of("mix", weights);
   }

   public static final class Type implements WorkloadType {
      @Override
      public String name() {
         return "mix";
      }

      @Override
      public boolean composite() {
         return true;
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         return null;
      }

      /** Reads {@code -Dmix} (kinds among the other workloads, each once, whole weights); none unless given. */
      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen, Map<String, Workload> before) {
         String raw = options.read(Declared.MIX);
         if (raw == null && !chosen.contains("mix")) {
            return null;
         }
         List<String> names = before.keySet().stream().sorted().toList();
         String allowed = "allowed is kind:weight, comma-separated, each kind once among "
               + String.join(", ", names) + " and each weight a whole number from 1 to 1000";
         if (raw == null) {
            throw new OptionException("missing option -Dmix for -Dworkloads=mix: " + allowed);
         }
         Map<Workload, Integer> weighted = new LinkedHashMap<>();
         List<String> seen = new ArrayList<>();
         for (String part : raw.split(",", -1)) {
            String[] kv = part.trim().split(":", -1);
            Workload kind = kv.length == 2 ? before.get(kv[0].trim()) : null;
            int weight = kv.length == 2 && kv[1].trim().matches("\\d{1,4}") ? Integer.parseInt(kv[1].trim()) : 0;
            if (kind == null || weight < 1 || weight > 1000 || seen.contains(kind.name())) {
               throw new OptionException("bad option -Dmix=" + raw + ": " + allowed);
            }
            seen.add(kind.name());
            weighted.put(kind, weight);
         }
         return new MixWorkload(weighted);
      }
   }
}
