package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.ReadOnlyTransaction;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The user's own statement, {@code -Dsql}, on any database. Unless {@code -Dsql.writes=true} it runs read-only at the
 * server (read-only sessions; on Oracle each operation in a read-only transaction, rolled back), so a write fails
 * whatever its text; a statement whose text shows that it writes, or that it would end the read-only session or
 * transaction, is refused before anything starts ({@link WriteCheck}). A file of several statements separated by
 * {@code ;} runs them as one operation ({@code -Dsql.transaction=true}: in one transaction), each timed apart;
 * {@code #{column}} parameters are bound from {@code -Dfeeder}'s CSV file.
 *
 * @param request             the statements as one request, with their feeder; null for one statement without
 *                            parameters
 * @param readOnlyTransaction each operation runs in a read-only transaction, rolled back: read-only on a product
 *                            without read-only sessions
 */
public record CustomWorkload(String statement, boolean writes, Request request, boolean readOnlyTransaction)
      implements Workload {
   /** The strategies {@code -Dfeeder.strategy} takes, Gatling's own. */
   static final List<String> STRATEGIES = Declared.FEEDER_STRATEGY.allowed();
   private static final Option<String> SQL = Declared.SQL;
   private static final Option<String> FEEDER = Declared.FEEDER;
   /** The options its type reads. */
   static final List<Option<?>> OPTIONS = List.of(SQL, Declared.SQL_WRITES, Declared.SQL_TRANSACTION, FEEDER,
         Declared.FEEDER_STRATEGY);

   /** A PL/SQL block: one statement, its semicolons its own. */
   private static final Pattern PLSQL = Pattern.compile("(?is)^\\s*(BEGIN|DECLARE)\\b");

   @Override
   public String name() {
      return "custom";
   }

   @Override
   public boolean readOnly() {
      return !writes;
   }

   @Override
   public boolean usersOwn() {
      return true;
   }

   @Override
   public boolean harmlessToRepeat() {
      return !writes && (request == null || !request.drains());
   }

   @Override
   public Map<String, Object> settings() {
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("sql", statement);
      if (writes) {
         settings.put("sqlWrites", true);
      }
      if (request != null && request.transaction()) {
         settings.put("sqlTransaction", true);
      }
      return settings;
   }

   @Override
   public void run(Connection connection) throws SQLException {
      if (readOnlyTransaction) {
         ReadOnlyTransaction.run(connection, this::runOnce);
      } else {
         runOnce(connection);
      }
   }

   private void runOnce(Connection connection) throws SQLException {
      if (request == null) {
         Workload.super.run(connection);
      } else {
         request.run(connection);
      }
   }

   @Override
   public boolean plainQuery() {
      return request == null;
   }

   @Override
   public Map<String, Object> draw() {
      return request == null ? Map.of() : request.draw();
   }

   @Override
   public void run(Connection connection, Map<String, Object> input, StatementTimes times) throws SQLException {
      if (request == null) {
         run(connection);
      } else if (readOnlyTransaction) {
         ReadOnlyTransaction.run(connection, c -> request.run(c, input, times));
      } else {
         request.run(connection, input, times);
      }
   }

   /**
    * Refuses {@code -Dfeeder.strategy=queue}, given with any workload, where several contenders draw from one feeder
    * ({@code why}): a queue hands out each record once.
    */
   public static void refuseQueue(Options options, String why) {
      if ("queue".equals(options.given(Declared.FEEDER_STRATEGY))) {
         throw new OptionException("bad option -Dfeeder.strategy=queue: " + why);
      }
   }

   public static final class Type implements WorkloadType {
      @Override
      public String name() {
         return "custom";
      }

      /** Null unless chosen: then {@code -Dsql} is required, and refused otherwise. */
      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         String sql = sql(options, chosen);
         boolean writes = options.read(Declared.SQL_WRITES).equals("true");
         boolean transaction = options.read(Declared.SQL_TRANSACTION).equals("true");
         String feeder = options.read(FEEDER);
         String strategy = options.read(Declared.FEEDER_STRATEGY);
         if (sql == null) {
            return null;
         }
         String raw = options.read(SQL);
         SqlText.Quoting quoting = SqlText.Quoting.of(dialect.name());
         List<String> statements = PLSQL.matcher(sql).find() ? List.of(sql) : SqlScript.split(sql, quoting);
         if (statements.isEmpty()) {
            throw Options.bad(SQL, raw, "one SQL statement (it holds only comments)");
         }
         List<Request.Part> parts = new ArrayList<>();
         for (String statement : statements) {
            if (!writes) {
               refuseByText(raw.startsWith("@") ? raw + " (" + statement.replaceAll("\\s+", " ") + ")" : sql,
                     WriteCheck.of(statement, quoting));
            }
            try {
               parts.add(Request.Statement.of("statement " + (parts.size() + 1), statement, quoting));
            } catch (IllegalArgumentException e) {
               throw Options.bad(SQL, raw, "parameters written #{column}, a column of -Dfeeder's CSV file, which "
                     + "the lab binds (" + e.getMessage().replaceFirst(" \\(.*", "") + ")");
            }
         }
         boolean parameters = parts.stream().anyMatch(p -> !((Request.Statement) p).sql().names().isEmpty());
         boolean readOnlyTransaction = !writes && !dialect.readOnlySessions();
         if (parts.size() == 1 && !parameters && !transaction && feeder == null) {
            return new CustomWorkload(sql, writes, null, readOnlyTransaction);
         }
         Feed feed = feeder == null ? Feed.none() : feed(feeder, strategy);
         for (Request.Part part : parts) {
            List<String> missing = ((Request.Statement) part).sql().missing(feed.columns());
            if (!missing.isEmpty()) {
               throw Options.bad(SQL, raw, "#{column} parameters of -Dfeeder's columns: #{" + missing.get(0)
                     + "} is " + (feeder == null ? "not bound without -Dfeeder=file.csv"
                     : "not a column of " + feeder + " (it has " + String.join(", ", feed.columns().stream()
                           .sorted().toList()) + ")"));
            }
         }
         Request request = Request.of("custom", parts, transaction).on(feed, new Setup(List.of(),
               List.of()));
         return new CustomWorkload(sql, writes, request, readOnlyTransaction);
      }
   }

   /** Refuses a statement named {@code named} whose text shows what read-only connections do not allow. */
   private static void refuseByText(String named, WriteCheck check) {
      switch (check) {
         case WRITES -> throw Options.bad(SQL, named, "a statement that only reads: custom statements run on "
               + "read-only connections; add -Dsql.writes=true to run one that writes");
         case ENDS_READ_ONLY -> throw Options.bad(SQL, named, "statements without transaction control: custom "
               + "statements run on read-only connections, which COMMIT, ROLLBACK, BEGIN, START TRANSACTION, SAVEPOINT "
               + "and SET … TRANSACTION or … read_only would end or change; add -Dsql.writes=true to run them");
         case CHANGES_STATE -> throw Options.bad(SQL, named, "a statement that changes no session or server state: "
               + "custom statements run on read-only connections, which do not stop SET (but of @variables), "
               + "set_config, PREPARE and EXECUTE, SELECT … INTO OUTFILE, large objects, KILL, FLUSH and the like; "
               + "add -Dsql.writes=true to run them");
         case NONE -> {
         }
      }
   }

   /**
    * Gatling's CSV feeder of {@code -Dfeeder} with its strategy: a name on the classpath (src/test/resources) or a
    * file elsewhere, as Gatling takes them; a missing file or one without rows is refused.
    */
   private static Feed feed(String feeder, String strategy) {
      Path file = Path.of(feeder);
      boolean resource = CustomWorkload.class.getClassLoader().getResource(feeder) != null;
      if (!resource && (!Files.isRegularFile(file) || !Files.isReadable(file))) {
         throw Options.bad(FEEDER, feeder, "a readable CSV file (a path, or a name in src/test/resources), a "
               + "header line of column names and a row a record (cannot read " + file.toAbsolutePath() + ")");
      }
      try {
         return Feed.csv(feeder, file, strategy);
      } catch (Exception e) {
         if (notText(e)) {
            throw Options.bad(FEEDER, feeder, "a CSV file of UTF-8 text (it has bytes that are not UTF-8: save it"
                  + " as UTF-8)");
         }
         // Gatling throws its checked FileNotFoundException unchecked, over several lines
         throw Options.bad(FEEDER, feeder, "a CSV file with a header line of column names and at least one row ("
               + String.valueOf(e.getMessage()).strip().replaceAll("\\s*\\n\\s*", " ") + ")");
      }
   }

   /** Whether {@code e} or a cause of it is a decoder's refusal of bytes that are not UTF-8. */
   private static boolean notText(Throwable e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
         if (t instanceof CharacterCodingException) {
            return true;
         }
      }
      return false;
   }

   /**
    * The statement: {@code -Dsql="SELECT …"} or {@code -Dsql=@file.sql}, a trailing semicolon dropped (but kept after
    * a PL/SQL block's END); a file may hold several statements. Null when the workloads do not include custom.
    */
   static String sql(Options options, List<String> workloads) {
      String raw = options.read(SQL);
      if (!workloads.contains("custom")) {
         if (raw != null) {
            throw Options.bad(SQL, raw, "only with the custom workload: add custom to -Dworkloads");
         }
         return null;
      }
      if (raw == null) {
         throw Options.bad(Declared.WORKLOADS, String.join(",", workloads),
               "custom only with -Dsql=\"SELECT …\" or -Dsql=@file.sql, the statement it runs");
      }
      String sql = raw;
      if (raw.startsWith("@")) {
         Path file = Path.of(raw.substring(1));
         try {
            sql = Files.readString(file, StandardCharsets.UTF_8);
         } catch (CharacterCodingException e) {
            throw Options.bad(SQL, raw, "a file of UTF-8 text after @ (" + file.toAbsolutePath() + " has bytes "
                  + "that are not UTF-8: save it as UTF-8)");
         } catch (IOException e) {
            throw Options.bad(SQL, raw, "a readable file after @ (cannot read " + file.toAbsolutePath() + ")");
         }
      }
      sql = sql.strip();
      if (sql.endsWith(";") && !sql.toUpperCase(Locale.ROOT).matches("(?s).*\\bEND\\s*;")) {
         sql = sql.substring(0, sql.length() - 1).strip();
      }
      if (sql.isEmpty()) {
         throw Options.bad(SQL, raw, "one SQL statement");
      }
      return sql;
   }
}
