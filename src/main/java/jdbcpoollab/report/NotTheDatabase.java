package jdbcpoollab.report;

import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.MachineCpu;

import java.util.Arrays;
import java.util.Optional;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.trimmed;

/**
 * Why a replayed speed that no pool served is not the database's saturation, read from the step that served the
 * most: the server's own count of sessions running a statement, or the machine the lab shares with the server.
 */
enum NotTheDatabase {
   /**
    * The server counted fewer than half the pool's connections running a statement on average while every connection
    * was lent and requests waited: the time between the statements is the load generator's, or the network's.
    */
   HELD_OUTSIDE {
      @Override
      boolean applies(RatePoint p) {
         DatabaseActivity db = p.step().resources().database();
         boolean sessions = DatabaseActivity.THREADS_RUNNING.equals(db.what())
               || DatabaseActivity.ACTIVE_BACKENDS.equals(db.what());
         return sessions && db.known() && Double.isFinite(db.avg()) && db.avg() < AT_DATABASE * p.pool();
      }

      @Override
      String why(double speed, RatePoint p) {
         DatabaseActivity db = p.step().resources().database();
         return "the load generator or the network, not the database, sets these times: " + fixed(db.avg(), 2)
               + " of pool " + p.pool() + "'s connections at " + trimmed(speed) + "x were running a statement at the "
               + "database on average (" + db.what() + ") while requests waited for one, so the connections were held "
               + "mostly between statements, outside the database";
      }
   },
   /**
    * The machine's cores were all but full, and the lab's own JVM took a large share of them beside the server's
    * process: on the application's own machines the server would have had that CPU, so the lab's client is part of
    * what saturated.
    */
   SHARED_MACHINE {
      @Override
      boolean applies(RatePoint p) {
         MachineCpu m = p.step().resources().machine();
         if (!m.known() || !Double.isFinite(m.serverCores())) {
            return false;
         }
         return busy(m) >= FULL_MACHINE && m.jvmCores() / m.cpus() >= CLIENT_SHARE;
      }

      @Override
      String why(double speed, RatePoint p) {
         MachineCpu m = p.step().resources().machine();
         return "the machine the lab shares with the database server, not the database alone, sets these times: at "
               + trimmed(speed) + "x its " + m.cpus() + " cores were " + percent(busy(m)) + " busy, the server's "
               + "process taking " + percent(m.serverCores() / m.cpus()) + " of them and the lab's client "
               + percent(m.jvmCores() / m.cpus()) + ", while requests waited; run the lab on another machine than "
               + "the server's";
      }
   };

   /** Below this share of the pool's connections at the database on average, the time was spent outside it. */
   static final double AT_DATABASE = 0.5;
   /** A machine busy this share of all its cores' time is full. */
   static final double FULL_MACHINE = 0.9;
   /** The lab's JVM's share of the machine from which it counts as part of what saturated. */
   static final double CLIENT_SHARE = 0.25;

   abstract boolean applies(RatePoint p);

   /** The reason, in one sentence, for the answer at {@code speed}. */
   abstract String why(double speed, RatePoint p);

   /** The first reason that applies to {@code p}, if any. */
   static Optional<NotTheDatabase> of(RatePoint p) {
      return Arrays.stream(values()).filter(reason -> reason.applies(p)).findFirst();
   }

   private static double busy(MachineCpu m) {
      return (m.jvmCores() + m.serverCores() + m.othersCores() + m.stealCores()) / m.cpus();
   }

   private static String percent(double share) {
      return Math.round(100 * share) + "%";
   }
}
