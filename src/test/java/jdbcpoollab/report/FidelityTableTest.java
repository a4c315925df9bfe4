package jdbcpoollab.report;

import jdbcpoollab.analysis.FidelityMedian;
import jdbcpoollab.analysis.FidelityRow;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The twin's columns appear in a run whose reference ran twice a round, right after lab/raw's, and only there. */
class FidelityTableTest {
   private static StepResult step(double throughput) {
      Timing t = new Timing(100, 1, 1, 1, 2, 2);
      return new StepResult(StepId.of("point", 8), new StepCounts(4, 1, 100, 0, 0, throughput),
            new StepTimes(t, t, t), new StepOutcome(UserSpread.of(new long[] {25, 25, 25, 25}), Map.of(), true),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
   }

   private static FidelityRow round(int round, double twin) {
      Timing gaps = new Timing(100, 0.001, 0.001, 0.001, 0.002, 0.002);
      return new FidelityRow("point", round, 8, 4, null, step(400), gaps, 100, step(400), gaps,
            Double.isNaN(twin) ? null : step(twin), 0, 0, new FidelityRow.Cpu(50, 50, Double.NaN));
   }

   private static Table table(double... twins) {
      List<FidelityRow> rows = new ArrayList<>();
      for (int r = 0; r < twins.length; r++) {
         rows.add(round(r + 1, twins[r]));
      }
      return FidelityTable.of(FidelityMedian.of(rows));
   }

   @Test
   void aRunWithoutTwinsHasNoTwinColumns() {
      Table table = table(Double.NaN, Double.NaN);
      assertFalse(table.headers().contains("twin/raw"), table.headers().toString());
      assertEquals(table.headers().size(), table.rows().get(0).size());
   }

   @Test
   void theTwinsMedianAndRoundsFollowTheLabsRatio() {
      Table table = table(380, 400, 420);
      int at = table.headers().indexOf("lab/raw rounds") + 1;
      assertEquals(List.of("twin/raw", "twin/raw rounds"), table.headers().subList(at, at + 2));
      assertEquals(List.of("1.000", "0.950-1.050"), table.rows().get(0).subList(at, at + 2));
      assertEquals("1.000", table.rows().get(0).get(table.headers().indexOf("lab/raw")));
      assertEquals("none", table.rows().get(0).get(table.headers().size() - 1));
   }
}
