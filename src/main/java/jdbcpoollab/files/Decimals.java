package jdbcpoollab.files;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A number written to JSON rounded half up to {@link #value()} decimals ({@link #ALL}: not rounded); a NaN or infinite
 * one as null, as JSON has no such numbers, unless {@link #orNull()} is false (then rounded like any other, NaN to 0).
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonSerialize(using = Decimals.Writer.class)
public @interface Decimals {
   /** Every decimal the number has: only a NaN or infinite one is changed (to null). */
   int ALL = -1;

   int value();

   boolean orNull() default true;

   /** Writes a number as its property's {@link Decimals} asks. */
   final class Writer extends StdSerializer<Number> implements ContextualSerializer {
      private final int digits;
      private final boolean orNull;

      public Writer() {
         this(3, true);
      }

      private Writer(int digits, boolean orNull) {
         super(Number.class);
         this.digits = digits;
         this.orNull = orNull;
      }

      @Override
      public JsonSerializer<?> createContextual(SerializerProvider provider, BeanProperty property) {
         Decimals d = property == null ? null : property.getAnnotation(Decimals.class);
         return d == null ? this : new Writer(d.value(), d.orNull());
      }

      @Override
      public void serialize(Number value, JsonGenerator out, SerializerProvider provider) throws IOException {
         double v = value.doubleValue();
         if (orNull && !Double.isFinite(v)) {
            out.writeNull();
         } else if (digits == ALL) {
            out.writeNumber(v);
         } else {
            double scale = Math.pow(10, digits);
            out.writeNumber(Math.round(v * scale) / scale);
         }
      }
   }
}
