package jdbcpoollab.gatling;

import io.gatling.core.action.Action;
import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.structure.ScenarioContext;

/**
 * One of the lab's actions as Gatling's Java DSL takes it: {@code exec(...)} gets a builder, and Gatling builds the
 * action once for each scenario it is placed in, with that scenario's components and the action after it.
 */
final class DslAction implements ActionBuilder {
   /** The action for scenario {@code ctx}, handing each session on to {@code next}. */
   @FunctionalInterface
   interface Build {
      Action build(ScenarioContext ctx, Action next);
   }

   private final Build build;

   private DslAction(Build build) {
      this.build = build;
   }

   /** {@code build} as a step of a chain: {@code exec(DslAction.of(...))}. */
   static io.gatling.javaapi.core.ActionBuilder of(Build build) {
      DslAction scala = new DslAction(build);
      return () -> scala;
   }

   @Override
   public Action build(ScenarioContext ctx, Action next) {
      return build.build(ctx, next);
   }
}
