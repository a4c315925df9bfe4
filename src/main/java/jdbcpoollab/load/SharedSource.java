package jdbcpoollab.load;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.pools.ConnectionSource;

import java.sql.SQLException;

/**
 * The connection source of a step or run, shared by its users: opened once before their work starts, so that it
 * starts on a filled pool, and closed once after it (the lab's protocol decides when).
 */
final class SharedSource {

   /** Work done before the source opens; a failure means the source is not opened. */
   @FunctionalInterface
   interface Preparation {
      void run() throws SQLException;
   }

   private final ConnectionSource.Opener opener;
   private boolean entered;
   private boolean closed;
   private volatile boolean opening;
   private volatile ConnectionSource source;
   private volatile String openFailure;
   private volatile long openNanos;

   SharedSource(ConnectionSource.Opener opener) {
      this.opener = opener;
   }

   /** Prepares and opens the source, once; false when it was entered before. */
   synchronized boolean enter(Preparation preparation) {
      if (entered) {
         return false;
      }
      entered = true;
      opening = true;
      try {
         try {
            preparation.run();
         } catch (SQLException | RuntimeException e) {
            openFailure = ErrorMessages.describe(e);
            return true;
         }
         long start = System.nanoTime();
         try {
            source = opener.open();
         } catch (Exception e) {
            openFailure = ErrorMessages.describe(e);
         }
         openNanos = System.nanoTime() - start;
         return true;
      } finally {
         opening = false;
      }
   }

   /** The open source, or null. */
   ConnectionSource get() {
      return source;
   }

   /** Why the source did not open, as the library or server said it (its numbers kept, password masked), or null. */
   String openFailure() {
      return openFailure;
   }

   long openNanos() {
      return openNanos;
   }

   /**
    * Marks the source closed without closing it (the JVM is ending); false when it was not open for use. A source
    * still being opened (filling a pool can take the acquire timeout, longer when the database is gone) has measured
    * nothing, and the ending JVM does not wait for it.
    */
   boolean abandon() {
      if (opening) {
         return false;
      }
      synchronized (this) {
         if (closed || !entered) {
            return false;
         }
         closed = true;
         return true;
      }
   }

   /** Closes the source; false when it was never entered or was closed before, so only one caller reports. */
   synchronized boolean close() {
      boolean open = abandon();
      closed = true;
      if (!open) {
         return false;
      }
      ConnectionSource s = source;
      source = null;
      if (s != null) {
         s.close();
      }
      return true;
   }
}
