package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jdbcpoollab.options.SafeText;

/**
 * Which step: the one value that names it in the request name, the console, the summaries, timeline.csv and the
 * page. In {@code summary.json} a step holds its {@code workload}, {@code source} (when not empty), {@code pool} and
 * {@code repetition}; the run's {@code passes} and {@code width} come from its settings when it is read back.
 *
 * @param workload the workload as reports name it, with what the sweep varied of it: {@code wait},
 *                 {@code wait rtt=5ms}, {@code mix split}
 * @param source   the pool library (and driver) of a sweep over several, such as {@code hikari/mariadb}; empty when
 *                 the sweep had one
 * @param pool     the pool size
 * @param pass     which pass of the sweep (-Drepeat) the step belongs to, from 1
 * @param passes   how many passes the sweep made: with more than one, the name tells the pass
 * @param width    the digits the pool size is padded to, those of the run's largest pool, so that names sort
 */
@JsonIgnoreProperties(value = {"passes", "width"}, allowSetters = true)
public record StepId(String workload, @JsonInclude(JsonInclude.Include.NON_EMPTY) String source, int pool,
                     @JsonProperty("repetition") int pass, int passes, int width) {

   public StepId {
      SafeText.require("a step's workload " + workload, workload);
      source = SafeText.require("a step's source " + source, source == null ? "" : source);
      pass = Math.max(1, pass);
      passes = Math.max(pass, passes);
      width = Math.max(1, width);
   }

   /** A step of a sweep's one source, of one pass, its pool not padded. */
   public static StepId of(String workload, int pool) {
      return new StepId(workload, "", pool, 1, 1, 1);
   }

   /** The digits of a run's largest pool: the width its steps' names pad to. */
   public static int digits(int largestPool) {
      return String.valueOf(largestPool).length();
   }

   /** How reports name the step, such as {@code wait pool=08} or {@code wait hikari/mariadb pool=08}. */
   public String label() {
      return String.format("%s%s pool=%0" + width + "d", workload, source.isEmpty() ? "" : " " + source, pool);
   }

   /** The request name and the console's: the label, and the pass when the sweep made several ({@code #2}). */
   public String name() {
      return label() + (passes > 1 ? " #" + pass : "");
   }

   /** The name of the step's pool, unique in the JVM while it is open, such as {@code lab-wait-rtt-5ms-hikari-8}. */
   public String poolName() {
      return ("lab " + workload + (source.isEmpty() ? "" : " " + source)).replaceAll("[^A-Za-z0-9]+", "-") + "-" + pool;
   }

   /** This step whatever its pass, as its gates name it. */
   public StepId anyPass() {
      return new StepId(workload, source, pool, 1, 1, width);
   }

   /** This step whatever its pass and the padding of its run: how a baseline run finds it. */
   public StepId key() {
      return new StepId(workload, source, pool, 1, 1, 1);
   }
}
