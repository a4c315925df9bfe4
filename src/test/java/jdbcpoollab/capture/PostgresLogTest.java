package jdbcpoollab.capture;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PostgresLogTest {

   @Test
   void statementsOfBothProtocolsAreReadWithTheirBoundParametersThoseWithParametersOrANamePrepared() {
      List<String> log = List.of(
            "1764635400.100 [501] LOG:  statement: BEGIN",
            "1764635400.101 [502] LOG:  execute <unnamed>: SELECT v FROM t WHERE id = $1 AND note = $2",
            "1764635400.101 [502] DETAIL:  parameters: $1 = '42', $2 = 'it''s $1'",
            "1764635400.105 [501] LOG:  execute S_1: UPDATE t SET v = $1,",
            "\t note = '$2' WHERE id = $2",
            "1764635400.105 [501] DETAIL:  parameters: $1 = NULL, $2 = '7'",
            "1764635400.106 [600] LOG:  checkpoint starting: time",
            "1764635400.107 [502] LOG:  execute fetch from <unnamed>/C_1: SELECT v FROM t",
            "1764635400.108 [502] LOG:  execute <unnamed>: SELECT now()",
            "1764635400.109 [502] LOG:  execute S_2/C_3: SELECT v FROM t",
            "1764635400.130 [501] LOG:  statement: COMMIT",
            "1764635401.000 [501] LOG:  statement: SELECT 'after'");
      Capture capture = PostgresLog.parse(log, 1_764_635_400_100_000L, 1_764_635_400_900_000L);
      assertEquals(new Capture("postgresql", 800_000, List.of(
            new CapturedStatement(501, 0, "BEGIN"),
            new CapturedStatement(502, 1_000, "SELECT v FROM t WHERE id = '42' AND note = 'it''s $1'", true),
            new CapturedStatement(501, 5_000, "UPDATE t SET v = NULL,\n note = '$2' WHERE id = '7'", true),
            new CapturedStatement(502, 8_000, "SELECT now()", false),
            new CapturedStatement(502, 9_000, "SELECT v FROM t", true),
            new CapturedStatement(501, 30_000, "COMMIT"))), capture);
      assertEquals(900_000, PostgresLog.parse(log).spanMicros());
   }
}
