package jdbcpoollab.measure;

import java.util.Map;

/** What every scenario beyond steady state reports of one source, whatever its own figures. */
public interface FaultResult {
   /** The pool library. */
   String source();

   /** Why its pool did not open, or null. */
   String openFailure();

   /** How its operations failed: "phase: normalised message" to count. */
   Map<String, Long> failures();
}
