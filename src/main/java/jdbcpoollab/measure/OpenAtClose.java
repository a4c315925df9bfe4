package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jdbcpoollab.files.Decimals;

/**
 * The operations still in progress when a step's window closed: the window did not see them end, so no completed-only
 * number counts them. Each is aged from its start to the close.
 *
 * @param count        operations open at the close
 * @param oldestMs     the age of the oldest of them, in ms
 * @param waiting      how many were still waiting for a connection
 * @param inDatabase   how many had their connection and were in the database
 * @param oldestWaitMs the age of the oldest wait for a connection still open, in ms (0 when none was waiting)
 */
@JsonPropertyOrder({"count", "oldestMs", "oldestWaitMs", "byPhase"})
public record OpenAtClose(long count, @Decimals(value = 3, orNull = false) double oldestMs,
                          @JsonIgnore long waiting, @JsonIgnore long inDatabase,
                          @Decimals(value = 3, orNull = false) double oldestWaitMs) {
   /** Nothing open, as for a step that was not a closed loop or a summary written before the lab counted them. */
   public static final OpenAtClose NONE = new OpenAtClose(0, 0, 0, 0, 0);

   /** How many of them were in each phase, as {@code summary.json} holds it. */
   public record Phases(long acquire, long database) {
   }

   @JsonCreator
   static OpenAtClose read(@JsonProperty("count") long count, @JsonProperty("oldestMs") double oldestMs,
                           @JsonProperty("oldestWaitMs") double oldestWaitMs, @JsonProperty("byPhase") Phases phases) {
      Phases p = phases == null ? new Phases(0, 0) : phases;
      return new OpenAtClose(count, oldestMs, p.acquire(), p.database(), oldestWaitMs);
   }

   @JsonProperty("byPhase")
   public Phases byPhase() {
      return new Phases(waiting, inDatabase);
   }
}
