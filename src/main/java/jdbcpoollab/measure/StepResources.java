package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;

/**
 * What a step's window cost the database server and the load generator.
 *
 * @param serverConnections connections the server accepted from opening the step's source to closing it, null when
 *                          not read
 * @param betweenMs         average time the harness took between the end of a user's operation and the start of its
 *                          next, its think time left out (the client's share of the loop), in ms; NaN when not
 *                          measured
 * @param thinkMs           average think time a user spent after an operation that ended in the window (0 when no
 *                          user thought), in ms; null when not measured
 * @param database          what the database server was doing during the window
 * @param clientCpu         what the load generator's JVM used of the machine during the window
 * @param machine           the machine's CPU over the window: this JVM's, the server's, the others' and steal
 */
public record StepResources(@JsonInclude(JsonInclude.Include.NON_NULL) Long serverConnections,
                            @Decimals(3)
                            @JsonDeserialize(using = Rounded.NanWhenNull.class) double betweenMs,
                            @JsonInclude(JsonInclude.Include.NON_NULL) @Decimals(3) Double thinkMs,
                            DatabaseActivity database, ClientCpu clientCpu,
                            @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = MachineCpu.Unmeasured.class)
                            MachineCpu machine) {
   /** Not watched: a step of an open model, merged from several generators, or built by a test. */
   public static final StepResources NONE = new StepResources(null, Double.NaN, DatabaseActivity.NONE,
         ClientCpu.UNKNOWN);

   /** Parts an older summary did not record read back as unknown. */
   public StepResources {
      database = database == null ? DatabaseActivity.NONE : database;
      clientCpu = clientCpu == null ? ClientCpu.UNKNOWN : clientCpu;
      machine = machine == null ? MachineCpu.UNKNOWN : machine;
   }

   /** Resources without the machine split. */
   public StepResources(Long serverConnections, double betweenMs, Double thinkMs, DatabaseActivity database,
                        ClientCpu clientCpu) {
      this(serverConnections, betweenMs, thinkMs, database, clientCpu, MachineCpu.UNKNOWN);
   }

   /** Resources without the think time measured: an open model's, or built by a test. */
   public StepResources(Long serverConnections, double betweenMs, DatabaseActivity database, ClientCpu clientCpu) {
      this(serverConnections, betweenMs, null, database, clientCpu);
   }
}
