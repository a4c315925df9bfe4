package jdbcpoollab.run;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.db.RunDatabase;
import jdbcpoollab.db.ServerOptions;
import jdbcpoollab.settings.Environment;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The run's database as the lab starts: the embedded server started or the target reached, one connection within
 * 10 s, the server and driver described, the simulation's table ensured, and the embedded server's variables compared
 * with those asked for. Each failure ends the run here, with one line and its own exit code; what it learns goes to
 * the run's environment as it learns it.
 */
final class DatabaseStart {
   private static final Duration CONNECT_WITHIN = Duration.ofSeconds(10);
   private final RunDatabase db;
   private final Console console;
   private final RunEnd end;
   private final Consumer<UnaryOperator<Environment>> environment;

   /** @param environment changes the run's environment and records it */
   DatabaseStart(RunDatabase db, Console console, RunEnd end, Consumer<UnaryOperator<Environment>> environment) {
      this.db = db;
      this.console = console;
      this.end = end;
      this.environment = environment;
   }

   /** The database, started or reached, with the table {@code tableName} ensured on it by {@code table}. */
   Database start(String tableName, Schema table) {
      long t0 = System.nanoTime();
      Database database;
      try {
         database = db.start();
      } catch (EmbeddedMariaDb.Busy e) {
         throw end.failed(Exit.BUSY, e.getMessage());
      } catch (EmbeddedMariaDb.Refused e) {
         throw end.failed(Exit.BAD_OPTION, e.getMessage());
      } catch (IllegalStateException e) {
         throw end.failed(Exit.DATABASE_UNAVAILABLE, e.getMessage());
      }
      environment.accept(unknown -> Environment.at(database.safeUrl()));
      try (Connection c = database.connect(CONNECT_WITHIN)) {
         String server = database.describeServer(c);
         long t1 = System.nanoTime();
         String tableState = table.ensure(database, c);
         long t2 = System.nanoTime();
         String driver = Database.describeDriver(c);
         environment.accept(at -> at.connected(server, driver, tableName, tableState));
         console.say(String.format(Locale.ROOT, "%s at %s (ready in %.1f s; table %s %s in %.1f s)",
               server, database.safeUrl(), (t1 - t0) / 1e9, tableName, tableState, (t2 - t1) / 1e9));
         serverVariables(c, server);
      } catch (SQLException e) {
         throw end.failed(Exit.DATABASE_UNAVAILABLE, "cannot connect to the database at " + database.address() + " ("
               + database.safeUrl() + "): " + ErrorMessages.describe(e));
      }
      return database;
   }

   /** Records what the embedded server runs with of {@code -Ddb.serverOption}, and says where it differs. */
   private void serverVariables(Connection c, String server) throws SQLException {
      Map<String, String> running = db.serverVariables(c);
      if (running.isEmpty()) {
         return;
      }
      environment.accept(connected -> connected.serverVariables(running));
      db.serverOptions().forEach((name, asked) -> {
         if (!ServerOptions.same(asked, running.get(name))) {
            console.say("-D" + ServerOptions.OPTION + " asked for " + name + "=" + asked + "; " + server
                  + " runs with " + name + "=" + running.get(name) + " (it adjusts a value out of its range); the "
                  + "settings record both");
         }
      });
   }
}
