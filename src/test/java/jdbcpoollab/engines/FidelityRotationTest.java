package jdbcpoollab.engines;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Fidelity's lab and reference take turns going first, round by round, whatever the blocks in a round. */
class FidelityRotationTest {
   private static boolean labFirst(int round, int place) {
      return FidelityEngine.rotation(round, place) % 2 == 0;
   }

   @Test
   void eachBlockChangesOrderFromOneRoundToTheNextAndNeighboursDiffer() {
      for (int perRound : new int[] {1, 2, 3, 4, 9}) {
         for (int place = 0; place < perRound; place++) {
            for (int round = 2; round < 6; round++) {
               assertNotEquals(labFirst(round, place), labFirst(round + 1, place), perRound + " blocks a round, block "
                     + place + ", rounds " + round + " and " + (round + 1));
            }
            if (place > 0) {
               assertNotEquals(labFirst(3, place - 1), labFirst(3, place), perRound + " blocks a round, blocks "
                     + (place - 1) + " and " + place);
            }
         }
      }
   }
}
