package jdbcpoollab.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One user's recorded numbers not yet merged into its step's histograms: written by the user's thread alone, taken
 * by whoever merges ({@link StepTotals}, one at a time). Writing an entry is a few stores and a release of its
 * count, with no lock, atomic update or allocation: histograms shared by every user made each operation contend
 * for their counters, and histograms of each user's own would take a megabyte or more per user (a step's five, each
 * up to 170 kB at three significant digits up to a second, twice over to be read while written), where this takes
 * {@value #CAPACITY} entries of {@value #STRIDE} numbers, 12 kB.
 */
final class UserBuffer {
   static final int CAPACITY = 256;
   static final int STRIDE = 6;
   /** Columns of an entry; a column a kind of entry does not fill holds {@link #NONE}. */
   static final int GAP = 0;
   static final int ACQUIRE = 1;
   static final int QUERY = 2;
   static final int TOTAL = 3;
   static final int IN_WINDOW = 4;
   static final int THIRD = 5;
   static final long NONE = -1;

   private final long[] entries = new long[CAPACITY * STRIDE];
   /** Entries written and released to the merger so far. */
   private final AtomicLong written = new AtomicLong();
   /** Entries the merger has taken; only a merger writes it. */
   private final AtomicLong taken = new AtomicLong();

   /** True when the next entry has no room until the merger takes some. For the writer. */
   boolean full() {
      return written.get() - taken.get() >= CAPACITY;
   }

   /** The time between the user's previous operation, ended in the window, and its next one. For the writer. */
   void gap(long nanos) {
      long at = written.get();
      int i = index(at);
      entries[i + GAP] = nanos;
      entries[i + ACQUIRE] = NONE;
      written.lazySet(at + 1);
   }

   /**
    * An operation that ended in the window: its acquire wait, and when it succeeded its statement and total times,
    * the part of its total inside the window and the third of the window it ended in ({@link #NONE} when it failed).
    * For the writer.
    */
   void operation(long acquire, long query, long total, long inWindow, int third) {
      long at = written.get();
      int i = index(at);
      entries[i + GAP] = NONE;
      entries[i + ACQUIRE] = acquire;
      entries[i + QUERY] = query;
      entries[i + TOTAL] = total;
      entries[i + IN_WINDOW] = inWindow;
      entries[i + THIRD] = third;
      written.lazySet(at + 1);
   }

   /** Where an entry's columns are read, told for each entry released and not yet taken. */
   @FunctionalInterface
   interface Reader {
      void entry(long[] entries, int at);
   }

   /** Hands each entry released since the last call to {@code reader}, then frees them. For one merger at a time. */
   void takeTo(Reader reader) {
      long from = taken.get();
      long to = written.get();
      for (long e = from; e < to; e++) {
         reader.entry(entries, index(e));
      }
      taken.lazySet(to);
   }

   private static int index(long entry) {
      return (int) (entry % CAPACITY) * STRIDE;
   }
}
