package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The options two or more simulations read, each with a default or bounds of its own ({@code -Dpool}, {@code -Dops},
 * {@code -Drounds}, {@code -Drepeat}, {@code -DrttMs}): a simulation takes them through {@link CommonOptions.Takes}
 * with its own values as plain numbers; they are declared and read here alone, each value by a getter of its own.
 * One that a simulation does not take is not read, so that it is refused as another simulation's.
 */
public final class Variants {
   static final Variants NONE = new Variants(List.of(), Map.of());

   /** The options taken, with the simulation's default and bounds, in the order they are read. */
   private final List<Option<?>> taken;
   /** What was read, by option name; empty until {@link #read}. */
   private final Map<String, Object> values;

   private Variants(List<Option<?>> taken, Map<String, Object> values) {
      this.taken = taken;
      this.values = values;
   }

   private Variants with(Option<?> option) {
      List<Option<?>> more = new ArrayList<>(taken);
      more.add(option);
      return new Variants(List.copyOf(more), values);
   }

   /** {@code -Dpool}, 1 to 1000, {@code fallback} when not given. */
   Variants withPool(int fallback) {
      return with(Declared.POOL.withDefault(fallback));
   }

   /** {@code -Dops}, 1 to 1000000, {@code fallback} when not given. */
   Variants withOps(int fallback) {
      return with(Declared.OPS.withDefault(fallback));
   }

   /** {@code -Drounds}, 1 to {@code max}, default 3. */
   Variants withRounds(int max) {
      return with(Declared.ROUNDS.within(1, max));
   }

   /**
    * {@code -Drepeat}, 1 to {@code max}, {@code fallback} when not given; only 1 with {@code -Dpools=auto}, whose
    * search measures each size once.
    */
   Variants withRepeat(int fallback, int max) {
      return with(Declared.REPEAT.withDefault(fallback).within(1, max));
   }

   /** {@code -DrttMs}, round trips from 0 to 1000 ms, each measured, default 0. */
   Variants withRttsMs() {
      return with(Declared.RTT_MS);
   }

   /** {@code -DrttMs} as one round trip, 0 to 1000 ms, default 0. */
   Variants withRttMs() {
      return with(Declared.RTT_MS.one(0));
   }

   /** The options taken, with their defaults and bounds. */
   List<Option<?>> declared() {
      return taken;
   }

   /** The values of the options taken; {@code searched}: {@code -Dpools=auto}, the pool sizes are searched for. */
   Variants read(Options o, boolean searched) {
      Map<String, Object> read = new HashMap<>();
      for (Option<?> option : taken) {
         read.put(option.name(), o.read(option));
      }
      Variants variants = new Variants(taken, Map.copyOf(read));
      if (searched && variants.values.containsKey(Declared.REPEAT.name()) && variants.repeat() > 1) {
         throw Options.bad("repeat", o.given(Declared.REPEAT), "1 with -Dpools=auto (the search measures each size"
               + " once; settling, -Dsettle.seconds, measures again the sizes that decide the answer)");
      }
      return variants;
   }

   public int pool() {
      return (Integer) value(Declared.POOL);
   }

   public int ops() {
      return (Integer) value(Declared.OPS);
   }

   public int rounds() {
      return (Integer) value(Declared.ROUNDS);
   }

   public int repeat() {
      return (Integer) value(Declared.REPEAT);
   }

   /** {@code -DrttMs} as {@link #withRttsMs} takes it: each round trip, in the order given. */
   @SuppressWarnings("unchecked")
   public List<Integer> rttsMs() {
      return (List<Integer>) value(Declared.RTT_MS);
   }

   /** {@code -DrttMs} as {@link #withRttMs} takes it: one round trip. */
   public int rttMs() {
      return (Integer) value(Declared.RTT_MS);
   }

   /** {@code -Dusers × -Dops} above {@code max} is refused, with the value given. */
   void atMostOperations(int users, long max) {
      if ((long) users * ops() > max) {
         throw Options.bad(Declared.OPS, Integer.toString(ops()), "at most " + max
               + " operations per run (users x ops) in all");
      }
   }

   private Object value(Option<?> option) {
      Object value = values.get(option.name());
      if (value == null) {
         throw new IllegalStateException(option + " was not read: the simulation does not take it");
      }
      return value;
   }
}
