package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.PerProduct;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the JVM's warm-up runs in place of a workload of the user's own that writes or uses up a queue feeder: the same
 * shape (its requests and their weights, each request's statements, pauses and transaction, the parameters each
 * statement binds), each statement a {@code SELECT} of the values it binds, which touches no table. The statements
 * carry a comment, so that a server's statement log shows whose they are.
 */
public final class StandIn {
   /** The comment each stand-in statement starts with. */
   public static final String MARK = "/* jdbc-pool-lab warm-up */ ";
   private static final PerProduct<String> FROM = new PerProduct<>("", "", " FROM DUAL");

   private StandIn() {
   }

   /**
    * The stand-in of {@code own} on {@code dialect}'s product, or {@code own} itself when it is harmless to repeat
    * ({@link Workload#harmlessToRepeat()}); a mix's kinds each stand in for themselves.
    */
   public static Workload of(Workload own, Dialect dialect) {
      if (own.harmlessToRepeat()) {
         return own;
      }
      if (own instanceof CustomWorkload custom) {
         return custom.request() == null
               ? new CustomWorkload(select(dialect, List.of()), custom.writes(), null, custom.readOnlyTransaction())
               : new CustomWorkload(custom.statement(), custom.writes(), twin(custom.request(), dialect),
                     custom.readOnlyTransaction());
      }
      if (own instanceof OwnWorkload workload) {
         Map<Workload, Integer> weighted = new LinkedHashMap<>();
         workload.requests().forEach((request, weight) -> weighted.put(twin(request, dialect), weight));
         return new MixWorkload(weighted);
      }
      if (own instanceof MixWorkload mix) {
         Map<Workload, Integer> weighted = new LinkedHashMap<>();
         mix.kinds().forEach(kind -> weighted.put(of(kind, dialect), mix.weight(kind)));
         return new MixWorkload(weighted);
      }
      return own;
   }

   /** {@code request} with each statement a SELECT of its parameters, bound from a record that never runs dry. */
   private static Request twin(Request request, Dialect dialect) {
      Map<String, Object> record = new LinkedHashMap<>();
      request.statements().forEach(s -> s.sql().names().forEach(n -> record.putIfAbsent(n, record.size() + 1)));
      return request.twin(s -> Request.Statement.of(s.name(), select(dialect, s.sql().names())),
            Feed.always("warm-up", Map.copyOf(record)));
   }

   /** A SELECT of the parameters {@code names}, written {@code #{name}}, or of 1 when there are none. */
   static String select(Dialect dialect, List<String> names) {
      String values = names.isEmpty() ? "1" : names.stream().map(n -> "#{" + n + "}").collect(Collectors.joining(", "));
      return MARK + "SELECT " + values + dialect.pick(FROM);
   }
}
