package jdbcpoollab.report;

import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The kinds of a step repeated with -Drepeat: each pass's rows say which pass they are. */
class KindsTableTest {
   private static final long MS = 1_000_000L;

   /** A step of pass {@code pass} of two, whose one operation in the window was a read. */
   private static StepRecorder pass(int pass) {
      StepRecorder r = new StepRecorder(new StepId("mix", "", 4, pass, 2, 1), 1, 0, 1_000 * MS);
      r.begin(1, 0);
      r.record(1, "read", MS, 2 * MS, 3 * MS, 3 * MS, null);
      return r;
   }

   @Test
   void eachPassesRowsNameTheirPass() {
      KindsTable kinds = new KindsTable();
      for (int pass = 1; pass <= 2; pass++) {
         StepRecorder r = pass(pass);
         StepResult result = r.result(1_000 * MS);
         kinds.add(result, r.kinds().values());
      }
      List<Map<String, Object>> rows = kinds.rows();
      assertEquals(List.of("mix pool=4 #1", "mix pool=4 #2"), rows.stream().map(m -> m.get("step")).toList());
      assertEquals(List.of(1, 2), rows.stream().map(m -> m.get("repetition")).toList());
      String csv = kinds.table().csv();
      assertEquals(2, csv.lines().filter(l -> l.contains("#1") || l.contains("#2")).count(), csv);
   }
}
