package jdbcpoollab.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One run at a time per data folder; a run that finds its folder held takes the next free one beside it. */
class DataFolderTest {
   private static final String VERSION = EmbeddedMariaDb.VERSION;
   private static final String OURS = " (pid " + ProcessHandle.current().pid() + ")";

   @TempDir
   Path home;

   @Test
   void aRunThatFindsItsFolderHeldTakesTheNextFreeOneBesideIt() throws IOException {
      DataFolder first = new DataFolder(home, "data", VERSION);
      assertEquals(Optional.empty(), first.lock(), "nobody holds it");
      DataFolder second = new DataFolder(home, "data", VERSION);
      assertEquals(Optional.of(OURS), second.lock(), "held, by the process that wrote its id into the lock");

      DataFolder beside = second.lockBeside(4).orElseThrow();
      assertEquals(home.resolve("data2-" + VERSION), beside.path());
      assertEquals("data2", beside.instance());
      DataFolder third = new DataFolder(home, "data", VERSION).lockBeside(4).orElseThrow();
      assertEquals(home.resolve("data3-" + VERSION), third.path(), "data2 is held now");

      beside.unlock();
      assertEquals(home.resolve("data2-" + VERSION),
            new DataFolder(home, "data", VERSION).lockBeside(4).orElseThrow().path(), "data2 is free again");
      first.unlock();
      assertEquals(Optional.empty(), new DataFolder(home, "data", VERSION).lock(), "the run's own is free again");
   }

   @Test
   void whenRunsHoldEveryFolderTheNextIsRefusedAndSaysHow() throws IOException {
      List<DataFolder> held = new ArrayList<>(List.of(new DataFolder(home, "data", VERSION)));
      for (int n = 2; n <= EmbeddedMariaDb.MOST_RUNS; n++) {
         held.add(new DataFolder(home, "data" + n, VERSION));
      }
      for (DataFolder folder : held) {
         assertEquals(Optional.empty(), folder.lock());
      }
      assertEquals(Optional.empty(), new DataFolder(home, "data", VERSION).lockBeside(EmbeddedMariaDb.MOST_RUNS));

      // refused as it takes the lock, before the binaries are unpacked
      EmbeddedMariaDb.Busy busy = assertThrows(EmbeddedMariaDb.Busy.class, () -> new EmbeddedMariaDb(home, 10).start());
      assertEquals("another jdbc-pool-lab run" + OURS + " is using the embedded MariaDB in " + home + ", and other"
            + " runs the 3 folders beside it; wait for it to finish or give this run its own folder with"
            + " -Dlab.home=DIR", busy.getMessage());
      assertFalse(Files.exists(home.resolve("mariadb-" + VERSION)), "nothing unpacked");
      EmbeddedMariaDb named = new EmbeddedMariaDb(home, "data3", 10);
      assertTrue(assertThrows(EmbeddedMariaDb.Busy.class, named::start).getMessage()
            .endsWith(home + "; wait for it to finish or give this run its own folder with -Dlab.home=DIR"),
            "an instance a test names is never moved");
      held.forEach(DataFolder::unlock);
   }
}
