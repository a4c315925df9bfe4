package jdbcpoollab.analysis;

import java.util.List;

/**
 * A workload's answer as data, for a script or a CI job to read from {@code summary.json} instead of summary.md: what
 * {@link Settling} decided of it, the one rule of "settled".
 *
 * @param workload   the workload, and its source when the sweep had several, as its table is named
 * @param pool       the recommended pool; null when no step finished without failures
 * @param settled    whether the rule's test told the pick apart from the other pools at 5%
 * @param candidates the pools still open, smallest first ({@link Settling#candidates}); empty when settled
 * @param disturbed  the workload's usable steps other processes or steal disturbed, by name ({@code cpu pool=04 #2})
 * @param passes     the passes measured: the most steps of any usable pool size
 */
public record Answer(String workload, Integer pool, boolean settled, List<Integer> candidates, List<String> disturbed,
                     int passes) {
   public Answer {
      candidates = List.copyOf(candidates);
      disturbed = List.copyOf(disturbed);
   }

   /** The answer of a workload's sizing, as {@link Settling} decides it. */
   public static Answer of(Sizing sizing) {
      Settling s = Settling.of(sizing);
      return new Answer(sizing.workload(), s.pick(), s.pick() != null && s.decided(), s.candidates(), s.disturbed(),
            s.passes());
   }

   /** True when the answer rests on steps other work on the machine disturbed. */
   public boolean restsOnDisturbed() {
      return !disturbed.isEmpty();
   }
}
