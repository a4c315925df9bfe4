package jdbcpoollab.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** JSON in and out of plain maps and lists (and records, through maps), pretty printed. */
public final class Json {
   private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
         .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

   private Json() {
   }

   public static String toJson(Object value) {
      try {
         return MAPPER.writeValueAsString(value) + "\n";
      } catch (JsonProcessingException e) {
         throw new IllegalArgumentException("not serialisable as JSON: " + e.getMessage(), e);
      }
   }

   public static void write(Path file, Object value) {
      AtomicFile.write(file, toJson(value));
   }

   /** The JSON object a file holds; a file that holds none (empty, cut off, another value) cannot be read. */
   @SuppressWarnings("unchecked")
   public static Map<String, Object> read(Path file) {
      Map<String, Object> map;
      try {
         map = MAPPER.readValue(file.toFile(), Map.class);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
      if (map == null) {
         throw new IllegalArgumentException("cannot read " + file + ": it holds null, not a JSON object");
      }
      return map;
   }

   /** A record (or any bean) as the map JSON would hold, its entries in declaration order. */
   @SuppressWarnings("unchecked")
   public static Map<String, Object> toMap(Object value) {
      return MAPPER.convertValue(value, LinkedHashMap.class);
   }

   /** A map read from JSON as the given record; entries the record does not have are ignored. */
   public static <T> T as(Object map, Class<T> type) {
      return MAPPER.convertValue(map, type);
   }
}
