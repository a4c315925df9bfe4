package jdbcpoollab.gatling;

import io.gatling.javaapi.core.FeederBuilder;
import jdbcpoollab.workloads.Feed;
import jdbcpoollab.workloads.OwnWorkload;
import jdbcpoollab.workloads.Request;
import jdbcpoollab.workloads.Think;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The lab's DSL for a team's own workload, as a simulation writes it:
 * <pre>
 * workload("orders", csv("customers.csv").random())
 *       .request(90, transaction("checkout", sql("customer", "SELECT … WHERE id = #{customerId}"),
 *             pause(Think.uniform(2, 8)), sql("order", "INSERT …")))
 *       .request(10, request("browse", sql("recent orders", "SELECT …")))
 *       .thinkBetweenRequests(Think.exponential(100)).build()
 * </pre>
 * Statements bind their {@code #{column}} parameters from one record of the feeder per request; a sweep
 * ({@code PoolSweepEngine.of}) runs it at each pool size on the users' own threads.
 */
public final class JdbcWorkload {
   private JdbcWorkload() {
   }

   /** A workload called {@code name}, its parameters from a Gatling feeder, with the strategy it was given. */
   public static OwnWorkload.Builder workload(String name, FeederBuilder<?> feeder) {
      return OwnWorkload.named(name, Feed.of(name, feeder));
   }

   /** A workload called {@code name}, its parameters from any iterator of records. */
   public static OwnWorkload.Builder workload(String name, Iterator<Map<String, Object>> feeder) {
      return OwnWorkload.named(name, Feed.of(name, feeder));
   }

   /** A request of statements (and pauses) in order, each statement committed on its own. */
   public static Request request(String name, Request.Part... parts) {
      return Request.of(name, List.of(parts), false);
   }

   /** A request of statements (and pauses) in one transaction: committed at the end, rolled back on a failure. */
   public static Request transaction(String name, Request.Part... parts) {
      return Request.of(name, List.of(parts), true);
   }

   /** A named statement, its parameters written as Gatling EL, {@code #{column}}. */
   public static Request.Statement sql(String name, String sql) {
      return Request.Statement.of(name, sql);
   }

   /** The application's time between two statements, the connection held. */
   public static Request.Pause pause(Think think) {
      return new Request.Pause(think);
   }
}
