package jdbcpoollab.measure;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;

/** How numbers are rounded before they are written to {@code summary.json}, and how a missing one reads back. */
public final class Rounded {

   private Rounded() {
   }

   /** {@code v} rounded half up to {@code digits} decimals. */
   public static double to(double v, int digits) {
      double scale = Math.pow(10, digits);
      return Math.round(v * scale) / scale;
   }

   /** The same, or null for NaN and infinities: JSON has no such numbers, a missing value is null. */
   public static Double orNull(double v, int digits) {
      return Double.isFinite(v) ? to(v, digits) : null;
   }

   /** Reads a number written by {@link jdbcpoollab.files.Decimals} back: null, or no value at all, is NaN. */
   public static final class NanWhenNull extends StdDeserializer<Double> {
      public NanWhenNull() {
         super(Double.class);
      }

      @Override
      public Double deserialize(JsonParser parser, DeserializationContext context) throws IOException {
         return parser.getValueAsDouble(Double.NaN);
      }

      @Override
      public Double getNullValue(DeserializationContext context) {
         return Double.NaN;
      }
   }
}
