package jdbcpoollab.workloads;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** What a team's own workload needs before the load, run once however many of its requests ask for it. */
final class Setup {
   private final List<String> statements;
   private final List<Fill> fills;
   private boolean done;

   Setup(List<String> statements, List<Fill> fills) {
      this.statements = List.copyOf(statements);
      this.fills = List.copyOf(fills);
   }

   synchronized void once(Connection connection) throws SQLException {
      if (done) {
         return;
      }
      try (Statement st = connection.createStatement()) {
         for (int i = 0; i < statements.size(); i++) {
            try {
               st.execute(statements.get(i));
            } catch (SQLException e) {
               throw new SQLException("at its setup statement " + (i + 1) + ": " + e.getMessage(),
                     e.getSQLState(), e.getErrorCode(), e);
            }
         }
      }
      for (Fill fill : fills) {
         fill.run(connection);
      }
      done = true;
   }
}
