package jdbcpoollab.workloads;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.options.SafeText;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * One kind of a user's request: named statements and the application's time between them, on one connection held
 * from the first to the last, optionally in one transaction (committed at the end, rolled back on any failure). Its
 * parameters are bound from one record of the workload's feeder, drawn before the connection is acquired.
 */
public final class Request implements Workload {
   /** A statement of a request, or the application's time between two. */
   public sealed interface Part permits Statement, Pause {
   }

   /** A named statement, its parameters written {@code #{column}}. */
   public record Statement(String name, BoundSql sql) implements Part {
      public Statement {
         SafeText.require("statement name " + name, name);
      }

      /** The statement {@code sql}, its parameters written {@code #{column}}; a {@code ?} is refused. */
      public static Statement of(String name, String sql) {
         return new Statement(name, BoundSql.of(sql));
      }

      /** The statement {@code sql}, quoted as {@code quoting} reads it. */
      public static Statement of(String name, String sql, SqlText.Quoting quoting) {
         return new Statement(name, BoundSql.of(sql, quoting));
      }

      /** Runs it with its parameters from {@code record} and reads every row it returns. */
      void run(Connection connection, Map<String, Object> record) throws SQLException {
         try (PreparedStatement statement = connection.prepareStatement(sql.jdbc())) {
            sql.bind(statement, record);
            if (statement.execute()) {
               try (ResultSet rows = statement.getResultSet()) {
                  while (rows.next()) {
                     rows.getObject(1);
                  }
               }
            }
         }
      }
   }

   /** The application's own time between two statements, the connection held. */
   public record Pause(Think think) implements Part {
   }

   /** The name of the commit's own time among the statements of a transaction. */
   public static final String COMMIT = "commit";

   private final String name;
   private final List<Part> parts;
   private final boolean transaction;
   private final Feed feed;
   private final Setup setup;

   private Request(String name, List<Part> parts, boolean transaction, Feed feed, Setup setup) {
      SafeText.require("request name " + name, name);
      if (parts.stream().noneMatch(p -> p instanceof Statement)) {
         throw new IllegalArgumentException("request " + name + " has no statement");
      }
      this.name = name;
      this.parts = List.copyOf(parts);
      this.transaction = transaction;
      this.feed = feed;
      this.setup = setup;
   }

   /**
    * A request of {@code parts} in order, in one transaction when {@code transaction}; it runs once a workload has
    * bound it to its feeder.
    */
   public static Request of(String name, List<Part> parts, boolean transaction) {
      return new Request(name, parts, transaction, null, null);
   }

   /** This request drawing its records from {@code on}, after the workload's {@code before} has run. */
   Request on(Feed on, Setup before) {
      return new Request(name, parts, transaction, on, before);
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public String statement() {
      return (transaction ? "transaction: " : "") + parts.stream().map(p -> p instanceof Statement s
            ? s.name() + ": " + s.sql().el() : "think " + ((Pause) p).think().describe())
            .collect(Collectors.joining("; "));
   }

   public boolean transaction() {
      return transaction;
   }

   /** The statements, in order. */
   public List<Statement> statements() {
      return parts.stream().filter(p -> p instanceof Statement).map(p -> (Statement) p).toList();
   }

   @Override
   public Map<String, Object> draw() {
      return feed.next();
   }

   /** One request on a record of its own, its statements untimed: the lab's try before the load. */
   @Override
   public void run(Connection connection) throws SQLException {
      Map<String, Object> record = draw();
      if (record == null) {
         throw new SQLException("the feeder " + feed.name() + " ran dry");
      }
      StatementTimes times = new StatementTimes();
      try {
         run(connection, record, times);
      } catch (SQLException e) {
         List<StatementTimes.Time> ran = times.times();
         String at = ran.isEmpty() ? "" : "at " + ran.get(ran.size() - 1).name() + ": ";
         throw new SQLException(at + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
      }
   }

   @Override
   public void run(Connection connection, Map<String, Object> record, StatementTimes times) throws SQLException {
      if (transaction) {
         connection.setAutoCommit(false);
      }
      try {
         for (Part part : parts) {
            if (part instanceof Statement s) {
               timed(times, s.name(), () -> s.run(connection, record));
            } else if (!Think.sleep(((Pause) part).think().nextNanos(ThreadLocalRandom.current()))) {
               throw new SQLException("interrupted while the application thought");
            }
         }
         if (transaction) {
            timed(times, COMMIT, connection::commit);
         }
      } catch (SQLException | RuntimeException e) {
         if (transaction) {
            TxnWorkload.rollback(connection, e);
         }
         throw e;
      } finally {
         if (transaction) {
            connection.setAutoCommit(true);
         }
      }
   }

   @FunctionalInterface
   private interface Sql {
      void run() throws SQLException;
   }

   private static void timed(StatementTimes times, String name, Sql sql) throws SQLException {
      long start = System.nanoTime();
      try {
         sql.run();
      } catch (SQLException | RuntimeException e) {
         times.add(name, start, System.nanoTime(), ErrorMessages.normalise(e));
         throw e;
      }
      times.add(name, start, System.nanoTime(), null);
   }

   @Override
   public void prepare(Connection connection) throws SQLException {
      setup.once(connection);
   }

   @Override
   public boolean usersOwn() {
      return true;
   }

   /** A request of a simulation's own workload: the lab's tries its kinds one by one. */
   @Override
   public String writtenIn() {
      return "workload: request " + name;
   }
}
