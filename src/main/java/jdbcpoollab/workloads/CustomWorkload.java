package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The user's own statement, {@code -Dsql}, on any database. */
public record CustomWorkload(String statement) implements Workload {

   @Override
   public String name() {
      return "custom";
   }

   @Override
   public boolean usersOwn() {
      return true;
   }

   @Override
   public Map<String, Object> settings() {
      return Map.of("sql", statement);
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
         return sql == null ? null : new CustomWorkload(sql);
      }
   }

   /**
    * The statement: {@code -Dsql="SELECT …"} or {@code -Dsql=@file.sql}, one statement, a trailing semicolon dropped
    * (but kept after a PL/SQL block's END). Null when the workloads do not include custom.
    */
   static String sql(Options options, List<String> workloads) {
      String raw = options.string("sql", null);
      if (!workloads.contains("custom")) {
         if (raw != null) {
            throw Options.bad("sql", raw, "only with the custom workload: add custom to -Dworkloads");
         }
         return null;
      }
      if (raw == null) {
         throw Options.bad("workloads", String.join(",", workloads),
               "custom only with -Dsql=\"SELECT …\" or -Dsql=@file.sql, the statement it runs");
      }
      String sql = raw;
      if (raw.startsWith("@")) {
         Path file = Path.of(raw.substring(1));
         try {
            sql = Files.readString(file, StandardCharsets.UTF_8);
         } catch (IOException e) {
            throw Options.bad("sql", raw, "a readable file after @ (cannot read " + file.toAbsolutePath() + ")");
         }
      }
      sql = sql.strip();
      if (sql.endsWith(";") && !sql.toUpperCase(Locale.ROOT).matches("(?s).*\\bEND\\s*;")) {
         sql = sql.substring(0, sql.length() - 1).strip();
      }
      if (sql.isEmpty()) {
         throw Options.bad("sql", raw, "one SQL statement");
      }
      return sql;
   }
}
