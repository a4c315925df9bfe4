package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run ran, as {@code summary.json} records it after the simulation's settings: the database (URL without
 * password, product and version, driver), the state of the table it needs (written {@code "table big": "100000 rows
 * reused"}), the client's cores and Java version, the gates it was held to, and what the embedded server runs
 * with of the variables {@code -Ddb.serverOption} set. Null parts are not known yet.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Environment(String url, String database, String driver, @JsonIgnore Map<String, String> tables,
                          Integer cores, String java, String gates, Map<String, String> serverVariables) {

   /** Before the lab has connected: only where it reaches the database. */
   public static Environment at(String url) {
      return new Environment(url, null, null, Map.of(), null, null, null, null);
   }

   /** What the embedded server runs with, for each variable {@code -Ddb.serverOption} set. */
   public Environment serverVariables(Map<String, String> running) {
      return new Environment(url, database, driver, tables, cores, java, gates,
            Collections.unmodifiableMap(new LinkedHashMap<>(running)));
   }

   /** The server and driver the run connected to, and the state of the table it needs. */
   public Environment connected(String database, String driver, String table, String tableState) {
      Map<String, String> t = new LinkedHashMap<>(tables == null ? Map.of() : tables);
      t.put(table, tableState);
      return new Environment(url, database, driver, Map.copyOf(t), cores, java, gates, serverVariables);
   }

   /** The client's side: its cores, its Java, and the gates the run is held to (null without). */
   public Environment client(int cores, String java, String gates) {
      return new Environment(url, database, driver, tables, cores, java, gates, serverVariables);
   }

   @JsonAnyGetter
   Map<String, String> tableEntries() {
      Map<String, String> entries = new LinkedHashMap<>();
      if (tables != null) {
         tables.forEach((name, state) -> entries.put("table " + name, state));
      }
      return entries;
   }
}
