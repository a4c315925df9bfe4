package jdbcpoollab.analysis;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FidelityMedianTest {
   private static final long[] EVEN = {10, 10, 10, 10};
   private static final long[] UNEVEN = {2, 4, 10, 24};

   private static StepResult step(double throughput, double acquireP99, long[] perUser) {
      Timing acquire = new Timing(100, 1, 1, 1, acquireP99, acquireP99);
      Timing total = new Timing(100, 5, 5, 5, 6, 6);
      return new StepResult(StepId.of("wait", 2), new StepCounts(4, 1, 100, 0, 0, throughput),
            new StepTimes(acquire, total, total), new StepOutcome(UserSpread.of(perUser), Map.of(), true),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
   }

   private static FidelityRow round(int round, double lab, double labP99, long[] labUsers, double raw, double rawP99,
                                    double gapUs) {
      return round(round, lab, labP99, labUsers, raw, rawP99, gapUs, Double.NaN);
   }

   /** A round whose reference also ran a second time, at {@code twin} operations/s (NaN: no twin). */
   private static FidelityRow round(int round, double lab, double labP99, long[] labUsers, double raw, double rawP99,
                                    double gapUs, double twin) {
      Timing gaps = new Timing(100, gapUs / 1000, gapUs / 1000, gapUs / 1000, gapUs / 1000, gapUs / 1000);
      return new FidelityRow("wait", round, 2, 4, round == 1 ? step(200, 0, EVEN) : null,
            step(lab, labP99, labUsers), gaps, 100, step(raw, rawP99, EVEN), gaps,
            Double.isNaN(twin) ? null : step(twin, rawP99, EVEN), round == 1 ? 90 : 0,
            round == 1 ? 1.0 : 0, new FidelityRow.Cpu(50, 40, round == 1 ? 300 : Double.NaN));
   }

   /** Three rounds, the second one wild. */
   private static FidelityMedian oneWildRound() {
      return FidelityMedian.of(List.of(
            round(1, 380, 40, EVEN, 400, 50, 3),
            round(2, 500, 900, EVEN, 400, 52, 4),
            round(3, 396, 55, EVEN, 400, 48, 5))).get(0);
   }

   @Test
   void eachNumberIsTheMedianOfTheRoundsThatMeasuredIt() {
      FidelityMedian m = oneWildRound();
      assertEquals(396, m.lab(), 1e-9, "one wild round does not move the median");
      assertEquals(55, m.labAcquireP99(), 1e-9);
      assertEquals(50, m.rawAcquireP99(), 1e-9);
      assertEquals(0.99, m.labOverRaw(), 1e-9);
      assertEquals(90, m.plugin(), 1e-9, "the plugin ran in the first round only");
      assertEquals(300, m.cpu().plugin(), 1e-9);
      assertEquals(5.0, m.s1Ms(), 1e-9, "S1 from the first round");
      assertEquals(4.0, m.overheadP50Us(), 1e-9);
      assertEquals(List.of(), m.missed(), "lab/raw 0.99, P99 1.10, Jain equal, efficiency 396 / 400, overhead 4 µs");
   }

   @Test
   void theLabsOverheadPerOperationIsTheMedianOfTheRoundsDifferencesFromTheReference() {
      FidelityMedian m = oneWildRound();
      // wall µs per operation: window / operations, lab less the reference, per round: 131.6, -500, 25.3
      assertEquals(1e6 / 396 - 1e6 / 400, m.extraWallUs(), 1e-9);
      assertEquals(1e6 / 380 - 1e6 / 400, m.rounds().get(0).labExtraWallUs(), 1e-9);
      assertEquals(10, m.extraCpuUs(), 1e-9, "50 µs of CPU per operation against the reference's 40");
      @SuppressWarnings("unchecked")
      Map<String, Object> overhead = (Map<String, Object>) m.toMap().get("labOverheadPerOp");
      assertEquals(10.0, overhead.get("cpuUs"));
      assertEquals(25.25, overhead.get("wallUs"));
   }

   @Test
   void theTargetsNameWhatTheyMissWithTheMeasuredValue() {
      FidelityMedian m = FidelityMedian.of(List.of(
            round(1, 300, 20, UNEVEN, 400, 50, 30),
            round(2, 310, 20, UNEVEN, 400, 50, 30),
            round(3, 320, 20, UNEVEN, 400, 50, 30))).get(0);
      List<String> missed = m.missed();
      assertEquals(5, missed.size(), missed.toString());
      assertEquals("lab/raw 0.775 < 0.97 in every round (0.750 to 0.800)", missed.get(0));
      assertTrue(missed.get(1).startsWith("acquire p99 lab/raw 0.40 outside 1 ± 0.25"), missed.toString());
      assertTrue(missed.get(2).startsWith("Jain lab - raw -"), missed.toString());
      assertTrue(missed.get(3).startsWith("efficiency 0.775 < 0.95"), missed.toString());
      assertTrue(missed.get(4).startsWith("overhead p50 30.0 µs > 10 µs"), missed.toString());
   }

   @Test
   void aMedianShortOfTheTargetSaysWhetherEveryRoundWasOrOnlySome() {
      FidelityMedian some = FidelityMedian.of(List.of(
            round(1, 380, 50, EVEN, 400, 50, 3),
            round(2, 360, 50, EVEN, 400, 50, 3),
            round(3, 404, 50, EVEN, 400, 50, 3))).get(0);
      assertEquals(0.9, some.labOverRawLow(), 1e-9);
      assertEquals(1.01, some.labOverRawHigh(), 1e-9);
      assertEquals("lab/raw 0.950 < 0.97 in the median only (rounds 0.900 to 1.010)", some.missed().get(0));
      FidelityMedian one = FidelityMedian.of(List.of(round(1, 380, 50, EVEN, 400, 50, 3))).get(0);
      assertEquals("lab/raw 0.950 < 0.97", one.missed().get(0), "one round has no spread to tell");
   }

   @Test
   void theTwinIsTheReferenceAgainstItselfTheYardstickALabRatioShortOfTheTargetIsReadAgainst() {
      // the reference at 400 q/s in each round, its twin at 376, 392 and 420: 0.94, 0.98, 1.05
      FidelityMedian within = FidelityMedian.of(List.of(
            round(1, 380, 50, EVEN, 400, 50, 3, 376),
            round(2, 384, 50, EVEN, 400, 50, 3, 392),
            round(3, 386, 50, EVEN, 400, 50, 3, 420))).get(0);
      assertEquals(0.98, within.twinOverRaw(), 1e-9);
      assertEquals(0.94, within.twinOverRawLow(), 1e-9);
      assertEquals(1.05, within.twinOverRawHigh(), 1e-9);
      assertEquals("lab/raw 0.960 < 0.97 in every round (0.950 to 0.965); within the machine's noise: the reference"
            + " against itself gave 0.980 (rounds 0.940 to 1.050)", within.missed().get(0));
      FidelityMedian beyond = FidelityMedian.of(List.of(
            round(1, 300, 50, EVEN, 400, 50, 3, 396),
            round(2, 310, 50, EVEN, 400, 50, 3, 404),
            round(3, 320, 50, EVEN, 400, 50, 3, 400))).get(0);
      assertTrue(beyond.missed().get(0).endsWith("; beyond the machine's noise: the reference against itself gave"
            + " 1.000 (rounds 0.990 to 1.010)"), beyond.missed().toString());
      assertEquals(0.98, within.toMap().get("twinOverRaw"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> rounds = (List<Map<String, Object>>) within.toMap().get("perRound");
      assertEquals(List.of(0.94, 0.98, 1.05), rounds.stream().map(r -> r.get("twinOverRaw")).toList());
      assertFalse(oneWildRound().toMap().containsKey("twinOverRaw"), "no twin, no key");
      assertTrue(oneWildRound().missed().isEmpty());
   }

   @Test
   void summaryJsonHoldsTheMediansAndEachRoundAsTheLabWroteThemBefore() throws IOException {
      String written = Json.toJson(oneWildRound().written());
      assertEquals(Files.readString(Path.of("src/test/resources/summaries/fidelity-entry.json")), written);
      Map<String, Object> entry = Json.toMap(oneWildRound().written());
      for (String named : List.of("cpuMicrosPerOp", "labOverheadPerOp", "missed", "perRound")) {
         assertTrue(entry.containsKey(named), named + " in " + entry.keySet());
      }
   }

   @Test
   void anEntryOfSummaryJsonReadsBackAsItWasWritten() {
      FidelityMedian m = FidelityMedian.of(List.of(measured(1, 380), measured(2, 400), measured(3, 396))).get(0);
      FidelityMedian.Written back = Json.as(Json.toMap(m.written()), FidelityMedian.Written.class);
      assertEquals(Json.toJson(m.written()), Json.toJson(back));
      assertEquals(back, Json.as(Json.toMap(back), FidelityMedian.Written.class));
      assertEquals(3, back.perRound().size());
      assertEquals(new FidelityRow.Cpu(50, 40, 300, 30), back.cpuMicrosPerOp());
   }

   /** A round in which every contender, S1 and the plugin included, measured every number. */
   private static FidelityRow measured(int round, double lab) {
      Timing gaps = new Timing(100, 0.003, 0.003, 0.003, 0.004, 0.005);
      return new FidelityRow("wait", round, 2, 4, step(200, 0, EVEN), step(lab, 40, EVEN), gaps, 100,
            step(400, 50, EVEN), gaps, null, 90, 1.0, new FidelityRow.Cpu(50, 40, 300, 30));
   }
}
