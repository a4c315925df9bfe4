package jdbcpoollab.gatling;

import io.gatling.core.CoreComponents;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.protocol.Protocol;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.protocol.ProtocolKey;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ProtocolBuilder;
import jdbcpoollab.load.LoadStep;
import jdbcpoollab.load.Outcome;
import scala.Function1;
import scala.runtime.BoxedUnit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.gatling.javaapi.core.CoreDsl.exec;

/**
 * The lab's Gatling protocol: it owns every step's connection source, opens it before the step's users load it,
 * closes it once they have all left, closes what is still open when the run ends first (cut short, or Gatling
 * terminates), and has the step under way report what it measured when the JVM ends during the run. Give it to
 * {@code setUp(...).protocols(...)}; the lab's actions ({@link Jdbc}) find it in their scenario's protocol
 * components. Its engine says what opening and closing a step mean ({@link Stage}); this class alone says when.
 * <p>
 * Gatling has no "step end" (components are per scenario, onExit per user, and an open injection's user count is
 * not known ahead), so a closed step is closed by the last of its known users, an open one by a user after its load.
 */
public final class PoolProtocol implements Protocol, ProtocolBuilder {
   /** How Gatling finds the protocol in a scenario's components; there is no default, a plan must give it. */
   static final ProtocolKey<PoolProtocol, Components> KEY = new ProtocolKey<>() {
      @Override
      @SuppressWarnings("unchecked")
      public Class<Protocol> protocolClass() {
         return (Class<Protocol>) (Class<?>) PoolProtocol.class;
      }

      @Override
      public PoolProtocol defaultProtocolValue(GatlingConfiguration configuration) {
         throw new IllegalStateException("the lab's actions need the lab's protocol: setUp(...).protocols(...)");
      }

      @Override
      public Function1<PoolProtocol, Components> newComponents(CoreComponents core) {
         return protocol -> protocol.components(core);
      }
   };

   /**
    * What opening and closing one step mean to its engine.
    *
    * @param open      opens (and fills) the step's source and says so; a source that fails to open skips the step
    * @param close     closes the source and reports the step; what Gatling should log (the gates' verdicts)
    * @param stop      stops the step's users early, as the run ends with the step unfinished
    * @param interrupt reports what the step measured so far, as the JVM ends, without waiting for it
    */
   public record Stage(Runnable open, Supplier<List<Outcome>> close, Runnable stop, Runnable interrupt) {
      /** A step that needs no stopping and is not reported when the JVM ends. */
      public Stage(Runnable open, Supplier<List<Outcome>> close) {
         this(open, close, () -> { }, () -> { });
      }
   }

   /**
    * One step's state: opened once by the first user, closed once by the last of {@code users} to leave or as the run
    * ends, whichever comes first; a step the run ended before is never opened.
    */
   private static final class Life {
      private final Stage stage;
      private final int users;
      /** The name of an open step, opened and closed by one-user populations of its own; null for a closed step. */
      private final String arrivals;
      private final AtomicInteger left = new AtomicInteger();
      private final AtomicBoolean closed = new AtomicBoolean();
      /** Counted down once the step is closed and reported, whoever closed it. */
      private final CountDownLatch done = new CountDownLatch(1);
      private boolean opened;
      /** The step whose users go on to this one ({@link #stepByStep}); null when Gatling starts this one's users. */
      private volatile Life previous;
      /** What runs as the step closes, before its engine closes it: the responses its actions still hold. */
      private final List<Runnable> atClose = new CopyOnWriteArrayList<>();

      Life(Stage stage, int users, String arrivals) {
         this.stage = stage;
         this.users = users;
         this.arrivals = arrivals;
      }

      List<Outcome> close() {
         if (!closed.compareAndSet(false, true)) {
            return List.of();
         }
         try {
            atClose.forEach(Runnable::run);
            return stage.close().get();
         } finally {
            done.countDown();
         }
      }

      /**
       * Waits until the step before this one is closed. An interrupt is not a reason to stop waiting: the database
       * watch interrupts the loops of a step whose database is lost, and the thread that waits here has just left
       * such a loop (its loop clears what is meant for it); the previous step is closed by its last user or when the
       * run ends, whichever comes first.
       */
      void awaitPrevious() {
         Life before = previous;
         while (before != null) {
            try {
               before.done.await();
               return;
            } catch (InterruptedException e) {
               // as above: keep waiting for the step before to close
            }
         }
      }
   }

   private final Map<LoadStep, Life> steps = new LinkedHashMap<>();
   private final AtomicBoolean terminationWatched = new AtomicBoolean();
   /**
    * The run has ended, or the JVM is ending during it: no step opens any more, not for a user let go by the close of
    * the step before, nor one whose load would reach a server being stopped.
    */
   private final AtomicBoolean noMoreSteps = new AtomicBoolean();

   @Override
   public Protocol protocol() {
      return this;
   }

   /** A step loaded by {@code users} users (a closed model): the first of them opens it, the last one out closes it. */
   public synchronized void loadedBy(LoadStep step, int users, Stage stage) {
      steps.put(step, new Life(stage, users, null));
   }

   /**
    * A step of arrivals (an open model): arrivals cannot wait for a pool to fill, so a user of its own opens the step
    * before the first one arrives and another closes it after the last (see {@link #oneAfterAnother}).
    */
   public synchronized void arrivals(LoadStep step, Stage stage) {
      steps.put(step, new Life(stage, 1, step.name()));
   }

   private synchronized Life life(LoadStep step) {
      Life life = steps.get(step);
      if (life == null) {
         throw new IllegalArgumentException("not a step of this protocol: " + step.name());
      }
      return life;
   }

   /** {@code flush} runs as {@code step} closes, before its engine closes it, such as an action's last responses. */
   void atClose(LoadStep step, Runnable flush) {
      life(step).atClose.add(flush);
   }

   /** A user arrives at the step: the first one opens it while the others wait, so the load starts on a full pool. */
   public void enter(LoadStep step) {
      Life life = life(step);
      life.awaitPrevious();
      synchronized (life) {
         if (!life.opened && !life.closed.get() && !noMoreSteps.get()) {
            life.opened = true;
            life.stage.open().run();
         }
      }
   }

   /** A user leaves the step: the last one closes it; what Gatling should log for it (the gates' verdicts). */
   public List<Outcome> leave(LoadStep step) {
      Life life = life(step);
      return life.left.incrementAndGet() == life.users ? life.close() : List.of();
   }

   /**
    * The steps' loads one after another, each started when the previous one has ended; an open step's load between
    * the user that opens it and the one that closes it.
    */
   public <S extends LoadStep> PopulationBuilder oneAfterAnother(List<S> plan, Function<S, PopulationBuilder> load) {
      Sequence sequence = new Sequence();
      for (S step : plan) {
         String arrivals = life(step).arrivals;
         if (arrivals != null) {
            sequence.task("open " + arrivals, () -> enter(step));
         }
         sequence.load(load.apply(step));
         if (arrivals != null) {
            sequence.report("close " + arrivals, () -> leave(step));
         }
      }
      return sequence.chain();
   }

   /**
    * The closed steps' loads as one chain that the users of one population run from step to step: a step opens once
    * the step before it has closed, with no population in between, whose start would wait for Gatling's next
    * injection tick (up to a second per step). Every user of the population must run the whole chain: each step
    * counts its users out.
    */
   public <S extends LoadStep> ChainBuilder stepByStep(List<S> plan, Function<S, ChainBuilder> load) {
      List<ChainBuilder> chains = new ArrayList<>();
      Life before = null;
      for (S step : plan) {
         Life life = life(step);
         if (life.arrivals != null) {
            throw new IllegalArgumentException("an open step has no users to go on to it: " + step.name());
         }
         life.previous = before;
         before = life;
         chains.add(load.apply(step));
      }
      return exec(chains);
   }

   /** The run ends (cut short, or done): stops and closes every step not closed yet, each reported by its engine. */
   public void endRun() {
      noMoreSteps.set(true);
      lives().stream().filter(life -> !life.closed.get()).forEach(life -> {
         life.stage.stop().run();
         life.close();
      });
   }

   /** The JVM is ending during the run: every step under way reports what it measured so far; none opens after. */
   public void interrupt() {
      noMoreSteps.set(true);
      lives().forEach(life -> life.stage.interrupt().run());
   }

   private synchronized List<Life> lives() {
      return List.copyOf(steps.values());
   }

   /** The protocol as the action of {@code ctx}'s scenario finds it. */
   static PoolProtocol of(ScenarioContext ctx) {
      return ctx.protocolComponentsRegistry().components(KEY).protocol;
   }

   private Components components(CoreComponents core) {
      if (terminationWatched.compareAndSet(false, true)) {
         core.actorSystem().registerOnTermination(() -> {
            endRun();
            return BoxedUnit.UNIT;
         });
      }
      return new Components(this);
   }

   /** A scenario's view of the protocol: the protocol itself; users need nothing of their own. */
   static final class Components implements ProtocolComponents {
      private final PoolProtocol protocol;

      private Components(PoolProtocol protocol) {
         this.protocol = protocol;
      }

      @Override
      public Function1<Session, Session> onStart() {
         return session -> session;
      }

      @Override
      public Function1<Session, BoxedUnit> onExit() {
         return session -> BoxedUnit.UNIT;
      }
   }
}
