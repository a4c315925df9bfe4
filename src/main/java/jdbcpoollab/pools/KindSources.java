package jdbcpoollab.pools;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** A pool per kind of operation, as when a mixed workload is given separate pools; each operation takes its kind's. */
public final class KindSources implements ConnectionSource {
   private final Map<String, ConnectionSource> byKind;

   private KindSources(Map<String, ConnectionSource> byKind) {
      this.byKind = byKind;
   }

   /** Opens one source per kind, in order; when one fails, those already open are closed. */
   public static KindSources open(Map<String, Opener> openers) throws Exception {
      Map<String, ConnectionSource> open = new LinkedHashMap<>();
      try {
         for (Map.Entry<String, Opener> kind : openers.entrySet()) {
            open.put(kind.getKey(), kind.getValue().open());
         }
      } catch (Exception e) {
         open.values().forEach(ConnectionSource::close);
         throw e;
      }
      return new KindSources(open);
   }

   /** The source of one kind. */
   public ConnectionSource of(String kind) {
      ConnectionSource source = byKind.get(kind);
      if (source == null) {
         throw new IllegalArgumentException("no pool for kind " + kind + ": " + byKind.keySet());
      }
      return source;
   }

   /** A connection of the first kind's pool, for a caller that names no kind. */
   @Override
   public Connection getConnection() throws SQLException {
      return byKind.values().iterator().next().getConnection();
   }

   @Override
   public void close() {
      ConnectionSource.closeAll(byKind.values());
   }
}
