package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.Dialects;
import org.junit.jupiter.api.Test;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM warm-up's stand-in keeps a workload's shape and sends only SELECTs of the values it binds. */
class StandInTest {
   private static final Dialect MARIADB = Dialects.forUrl("jdbc:mariadb://127.0.0.1/x");
   private static final Dialect ORACLE = Dialects.forUrl("jdbc:oracle:thin:@127.0.0.1:1521/x");

   @Test
   void aWorkloadOfTheUsersOwnKeepsItsRequestsStatementsBindingAndTransaction() {
      Iterator<Map<String, Object>> once = Stream.of(Map.<String, Object>of("id", 7, "qty", 2)).iterator();
      OwnWorkload shop = OwnWorkload.named("shop", Feed.of("orders.csv", once))
            .request(3, Request.of("checkout", List.of(
                  Request.Statement.of("lock", "SELECT stock FROM items WHERE id = #{id} FOR UPDATE"),
                  new Request.Pause(Think.constant(1)),
                  Request.Statement.of("take", "UPDATE items SET stock = stock - #{qty} WHERE id = #{id}")), true))
            .request(1, Request.of("browse", List.of(Request.Statement.of("list", "SELECT * FROM items")), false))
            .build();
      assertFalse(shop.harmlessToRepeat(), "it may write");

      Workload standIn = StandIn.of(shop, MARIADB);
      assertEquals(List.of("checkout", "browse"), standIn.kinds().stream().map(Workload::name).toList());
      assertEquals(Map.of("mix", Map.of("checkout", 3, "browse", 1)), standIn.settings());
      Request checkout = (Request) standIn.kinds().get(0);
      assertTrue(checkout.transaction());
      assertEquals(List.of(StandIn.MARK + "SELECT ?", StandIn.MARK + "SELECT ?, ?"),
            checkout.statements().stream().map(s -> s.sql().jdbc()).toList());
      assertEquals(List.of("lock", "take"), checkout.statements().stream().map(Request.Statement::name).toList());
      assertTrue(checkout.statement().contains("think"), "its pause kept: " + checkout.statement());
      assertEquals(StandIn.MARK + "SELECT 1", ((Request) standIn.kinds().get(1)).statements().get(0).sql().jdbc());
      for (int i = 0; i < 3; i++) {
         assertNotNull(checkout.draw(), "its records never run dry, and the user's feeder is not drawn from");
      }
      assertEquals(Map.of("id", 7, "qty", 2), shop.kinds().get(0).draw(), "the user's first record still there");
   }

   @Test
   void aReadOnlyStatementIsItsOwnAndAWritingOneIsASelect() {
      CustomWorkload reads = new CustomWorkload("SELECT 1", false, null, false);
      assertTrue(reads.harmlessToRepeat());
      assertSame(reads, StandIn.of(reads, MARIADB));

      CustomWorkload writes = new CustomWorkload("DELETE FROM t", true, null, false);
      assertFalse(writes.harmlessToRepeat());
      assertEquals(StandIn.MARK + "SELECT 1 FROM DUAL", StandIn.of(writes, ORACLE).statement());
      assertEquals(StandIn.MARK + "SELECT 1", StandIn.of(writes, MARIADB).statement());
   }
}
