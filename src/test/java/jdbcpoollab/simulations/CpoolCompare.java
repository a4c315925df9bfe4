package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Batch;
import jdbcpoollab.engines.CpoolCompareEngine;
import jdbcpoollab.run.LabSimulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What does pooling buy a batch job? 100 users each do {@code ops} operations on a work table (select, insert or
 * update one row) and leave; the batch is timed from the first operation's start to the last one's end. Each option
 * (a pool of one of the registry's libraries, or a new physical connection per operation) runs {@code repeat} times,
 * interleaved A B C A B C … after one uncounted warm-up round, and is compared with the unpooled option by Welch's
 * t-test.
 *
 * <pre>mvn gatling:test -Dsim=CpoolCompare -Doptions=hikari:32:70:3,hikari:35:76:3,none -Dusers=100 -Drepeat=10</pre>
 */
public class CpoolCompare extends LabSimulation {

   // Parameters: -Doptions, -Dusers, -Dops, -Drepeat, -Dworkload … (docs/cpoolcompare.md); bad input ends the run
   // here. Sources: each batch gets a new source of its option; a pool is filled to cmin before the batch starts.
   private final CpoolCompareEngine comparison = host(CpoolCompareEngine.fromSystem());
   private final int users = comparison.options().users();
   private final int ops = comparison.options().ops();

   // Chains: each user does its operations on a thread of its own (the seed's joinable threads), fed with which
   // statement on which row, and leaves. The protocol opens the batch's source before (the users wait for it) and
   // closes it, and reports the batch, once the last one has left.
   private ChainBuilder work(Batch batch) {
      return exec(Jdbc.operations(batch, ops, batch.feeder()));
   }

   // Scenario: every user goes from batch to batch, each batch once the one before has been closed and reported.
   private ScenarioBuilder batches() {
      return scenario("cpool compare").exec(comparison.pools().stepByStep(comparison.steps(), this::work));
   }

   {
      setUp(batches().injectOpen(atOnceUsers(users)))
            .protocols(comparison.pools())
            .maxDuration(comparison.maxDuration());
   }
}
