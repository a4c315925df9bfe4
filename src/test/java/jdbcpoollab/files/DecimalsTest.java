package jdbcpoollab.files;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Numbers written through {@link Decimals}: rounded to their decimals, one that is not finite null unless asked. */
class DecimalsTest {
   record Numbers(@Decimals(3) double ms, @Decimals(value = 1, orNull = false) double tenth, @Decimals(4) Double share,
                  double raw) {
   }

   @Test
   void numbersAreRoundedToTheirDecimals() {
      assertEquals("{\"ms\":1.235,\"tenth\":2.0,\"share\":0.1235,\"raw\":1.23456}",
            Json.toJson(new Numbers(1.2346, 1.96, 0.12346, 1.23456)).replaceAll("\\s", ""));
   }

   @Test
   void aNumberThatIsNotFiniteIsNullUnlessItsPropertySaysOtherwise() {
      Map<String, Object> written = Json.toMap(new Numbers(Double.NaN, Double.NaN, Double.POSITIVE_INFINITY, 0));
      assertNull(written.get("ms"));
      assertEquals(0.0, written.get("tenth"));
      assertNull(written.get("share"));
      assertEquals(4, written.size(), "a null number keeps its entry: " + written);
   }

   record Probability(@Decimals(Decimals.ALL) double p) {
   }

   @Test
   void allDecimalsKeepsEveryOneAndMakesOnlyANumberThatIsNotFiniteNull() {
      assertEquals(1.2824702859100898E-23, Json.toMap(new Probability(1.2824702859100898E-23)).get("p"));
      assertNull(Json.toMap(new Probability(Double.NaN)).get("p"));
   }
}
