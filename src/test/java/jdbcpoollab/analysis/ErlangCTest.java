package jdbcpoollab.analysis;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ErlangCTest {

   /**
    * The textbook call-centre example: 100 calls per 30 minutes, 3 minutes each (A = 10 erlangs), 11 agents:
    * probability of waiting 68.21%, average speed of answer 122.8 s, 39.0% answered within 20 s.
    */
   @Test
   void matchesThePublishedCallCentreExample() {
      ErlangC e = new ErlangC(11, 100.0 / 1800, 180);
      assertEquals(10, e.offeredLoad(), 1e-9);
      assertEquals(0.6821, e.probabilityOfWaiting(), 5e-5);
      assertEquals(122.8, e.meanWaitMs() / 1000, 0.05);
      assertEquals(0.390, 1 - e.probabilityOfWaitingLongerThan(20_000), 5e-4);
   }

   /** Erlang C tables for A = 10 erlangs: 12, 13 and 14 servers. */
   @Test
   void matchesTableValuesForTenErlangs() {
      assertEquals(0.4494, new ErlangC(12, 10, 1).probabilityOfWaiting(), 5e-5);
      assertEquals(0.2853, new ErlangC(13, 10, 1).probabilityOfWaiting(), 5e-5);
      assertEquals(0.1741, new ErlangC(14, 10, 1).probabilityOfWaiting(), 5e-5);
   }

   /** Two servers at one erlang: C = a^2 / (a^2 + 2 (2 - a) (1 + a)) = 1/3 exactly. */
   @Test
   void twoServersAtOneErlangWaitAThirdOfTheTime() {
      ErlangC e = new ErlangC(2, 100, 0.01);
      assertEquals(1.0 / 3, e.probabilityOfWaiting(), 1e-12);
      assertEquals(1000 * (1.0 / 3) / (200 - 100), e.meanWaitMs(), 1e-9);
   }

   /** c = 1 is M/M/1: C = rho, mean wait rho / (mu - lambda), P(W > t) = rho e^-(mu - lambda) t. */
   @Test
   void oneServerIsMm1() {
      ErlangC e = new ErlangC(1, 150, 0.005);
      double rho = 0.75;
      assertEquals(rho, e.utilisation(), 1e-12);
      assertEquals(rho, e.probabilityOfWaiting(), 1e-12);
      assertEquals(1000 * rho / (200 - 150), e.meanWaitMs(), 1e-9);
      assertEquals(1000 * Math.log(rho / 0.01) / (200 - 150), e.p99WaitMs(), 1e-9);
      assertEquals(0.01, e.probabilityOfWaitingLongerThan(e.p99WaitMs()), 1e-12);
   }

   /** As the load approaches the servers, everybody waits and the waits grow without bound. */
   @Test
   void approachingTheServersEveryoneWaitsLonger() {
      double previousWait = 0;
      double previousC = 0;
      for (double a : new double[] {7, 7.9, 7.99, 7.999, 7.9999}) {
         ErlangC e = new ErlangC(8, a / 0.005, 0.005);
         assertTrue(e.stable(), "a = " + a);
         assertTrue(e.probabilityOfWaiting() > previousC, "a = " + a);
         assertTrue(e.meanWaitMs() > 5 * previousWait, "a = " + a);
         previousC = e.probabilityOfWaiting();
         previousWait = e.meanWaitMs();
      }
      assertTrue(previousC > 0.999, "C = " + previousC);
   }

   /** a ≥ c: unstable, everybody waits, and no wait is finite. */
   @Test
   void atOrAboveTheServersTheQueueIsUnstable() {
      for (double rate : new double[] {200, 201, 10_000}) {
         ErlangC e = new ErlangC(1, rate, 0.005);
         assertFalse(e.stable(), "rate " + rate);
         assertEquals(1, e.probabilityOfWaiting());
         assertEquals(Double.POSITIVE_INFINITY, e.meanWaitMs());
         assertEquals(Double.POSITIVE_INFINITY, e.p99WaitMs());
      }
      assertFalse(new ErlangC(4, 800, 0.005).stable(), "a = 4 on 4 connections");
   }

   /** Few waits at all: the P99 wait is 0; no arrivals: nothing waits. */
   @Test
   void lightLoadsHaveNoP99Wait() {
      ErlangC light = new ErlangC(16, 300, 0.005);
      assertTrue(light.probabilityOfWaiting() < 0.01, "C = " + light.probabilityOfWaiting());
      assertEquals(0, light.p99WaitMs());
      assertTrue(light.meanWaitMs() > 0);
      ErlangC none = new ErlangC(4, 0, 0.005);
      assertEquals(0, none.probabilityOfWaiting());
      assertEquals(0, none.meanWaitMs());
   }

   /** The recursion through Erlang B neither overflows nor loses the answer for a thousand servers. */
   @Test
   void largePoolsStayFiniteAndOrdered() {
      double c950 = new ErlangC(1000, 950, 1).probabilityOfWaiting();
      double c990 = new ErlangC(1000, 990, 1).probabilityOfWaiting();
      assertTrue(c950 > 0 && c950 < c990 && c990 < 1, c950 + " " + c990);
   }

   @Test
   void refusesWhatIsNotAQueue() {
      assertThrows(IllegalArgumentException.class, () -> new ErlangC(0, 1, 1));
      assertThrows(IllegalArgumentException.class, () -> new ErlangC(1, -1, 1));
      assertThrows(IllegalArgumentException.class, () -> new ErlangC(1, 1, 0));
      assertThrows(IllegalArgumentException.class, () -> new ErlangC(1, 1, Double.NaN));
      assertThrows(IllegalArgumentException.class, () -> new ErlangC(2, 1, 1).waitPercentileMs(1));
   }
}
