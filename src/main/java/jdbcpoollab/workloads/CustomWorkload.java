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
import java.util.regex.Pattern;

/**
 * The user's own statement, {@code -Dsql}, on any database. It runs on read-only connections, and a statement that
 * plainly writes ({@code DELETE}, {@code DROP}, …) is refused before anything starts, unless {@code -Dsql.writes=true}.
 */
public record CustomWorkload(String statement, boolean writes) implements Workload {
   private static final Pattern WRITES = Pattern.compile("(?is)^\\s*(INSERT|UPDATE|DELETE|MERGE|REPLACE|UPSERT|DROP"
         + "|TRUNCATE|ALTER|CREATE|RENAME|GRANT|REVOKE|COMMENT|LOAD|COPY|VACUUM|REINDEX|CLUSTER)\\b");

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
   public Map<String, Object> settings() {
      return writes ? Map.of("sql", statement, "sqlWrites", true) : Map.of("sql", statement);
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
         boolean writes = options.choice("sql.writes", "false", List.of("true", "false")).equals("true");
         if (sql != null && !writes && WRITES.matcher(sql).find()) {
            throw Options.bad("sql", sql, "a statement that only reads: custom statements run on read-only "
                  + "connections; add -Dsql.writes=true to run one that writes");
         }
         return sql == null ? null : new CustomWorkload(sql, writes);
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
