package jdbcpoollab.run;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

/** {@code -Drepeat}: how many times PoolSweep's whole plan runs, interleaved; at least that many passes per pool. */
final class RepeatOption {
   private RepeatOption() {
   }

   /** 1 to 100, default 1; only 1 with {@code -Dpools=auto}, whose search measures each size once. */
   static int passes(Options o, CommonOptions common) {
      int repeat = o.read(Declared.REPEAT);
      if (repeat > 1 && common.pools().isEmpty()) {
         throw Options.bad("repeat", o.given(Declared.REPEAT), "1 with -Dpools=auto (the search measures each size"
               + " once; settling, -Dsettle.seconds, measures again the sizes that decide the answer)");
      }
      return repeat;
   }
}
