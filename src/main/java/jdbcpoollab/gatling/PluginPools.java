package jdbcpoollab.gatling;

import io.gatling.javaapi.core.ActionBuilder;
import org.galaxio.gatling.jdbc.db.JDBCClient;
import org.galaxio.gatling.jdbc.protocol.JdbcProtocol;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The community JDBC plugin opens one HikariCP pool per scenario when the run starts and never closes it. This
 * action, placed after the plugin's requests in the same scenario, closes that pool (and the plugin's threads)
 * through the plugin's own client when the scenario's last user passes it.
 */
public final class PluginPools {
   private PluginPools() {
   }

   public static ActionBuilder closeAfterLast(String name, int users) {
      AtomicInteger left = new AtomicInteger(users);
      return DslAction.of((ctx, next) -> {
         JDBCClient client = ctx.protocolComponentsRegistry().components(JdbcProtocol.jdbcProtocolKey()).client();
         return new OffloadedAction(name, session -> {
            if (left.decrementAndGet() == 0) {
               client.close();
            }
            return List.of();
         }, ctx.coreComponents().statsEngine(), next, BlockingWork.WORKERS);
      });
   }
}
