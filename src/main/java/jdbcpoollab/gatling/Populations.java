package jdbcpoollab.gatling;

import io.gatling.javaapi.core.PopulationBuilder;

import java.util.List;

/** How the lab chains Gatling populations. */
public final class Populations {
   private Populations() {
   }

   /** Each population starts when the previous one has ended. */
   public static PopulationBuilder oneAfterAnother(List<PopulationBuilder> populations) {
      PopulationBuilder tail = populations.get(populations.size() - 1);
      for (int i = populations.size() - 2; i >= 0; i--) {
         tail = populations.get(i).andThen(tail);
      }
      return tail;
   }
}
