package jdbcpoollab.gatling;

import io.gatling.javaapi.core.PopulationBuilder;
import jdbcpoollab.load.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * Loads and blocking tasks to run one after another. Gatling starts each next population on its injector's next
 * one-second tick, so the tasks between two loads run together as one population of one user.
 */
public final class Sequence {
   private final List<PopulationBuilder> populations = new ArrayList<>();
   private final List<String> names = new ArrayList<>();
   private final List<Supplier<List<Outcome>>> tasks = new ArrayList<>();

   /** A blocking task, run after everything added before it. */
   public void task(String name, Runnable task) {
      report(name, () -> {
         task.run();
         return List.of();
      });
   }

   /** A blocking task whose results Gatling should see as requests, such as a step's gate verdicts. */
   public void report(String name, Supplier<List<Outcome>> task) {
      names.add(name);
      tasks.add(task);
   }

   /** A load, started when everything added before it has ended. */
   public void load(PopulationBuilder population) {
      flush();
      populations.add(population);
   }

   /** Everything added, as one population for {@code setUp}. */
   public PopulationBuilder chain() {
      flush();
      return Populations.oneAfterAnother(populations);
   }

   private void flush() {
      if (tasks.isEmpty()) {
         return;
      }
      List<Supplier<List<Outcome>>> batch = List.copyOf(tasks);
      String name = String.join(", ", names);
      populations.add(scenario(name)
            .exec(BlockingWork.report(name, () -> batch.stream().flatMap(task -> task.get().stream()).toList()))
            .injectOpen(atOnceUsers(1)));
      tasks.clear();
      names.clear();
   }
}
