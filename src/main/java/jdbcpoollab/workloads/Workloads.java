package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The workload types a run can choose with {@code -Dworkloads}, one line each. */
public final class Workloads {
   public static final Workloads DEFAULT = new Workloads(List.of(
         new WaitWorkload.Type(),
         new CpuWorkload.Type(),
         new PointWorkload.Type(),
         new CustomWorkload.Type(),
         new TxnWorkload.Type(),
         new MixWorkload.Type()));

   private final List<WorkloadType> types;

   public Workloads(List<WorkloadType> types) {
      if (types.stream().map(WorkloadType::name).distinct().count() != types.size()) {
         throw new IllegalArgumentException("workload names must be unique: " + names(types));
      }
      this.types = List.copyOf(types);
   }

   /**
    * The workloads of a run and the settings of every type.
    *
    * @param workloads the chosen ones, in the order {@code -Dworkloads} names them
    * @param settings  what each type's options were, in the registry's order (a type not chosen included)
    */
   public record Chosen(List<Workload> workloads, Map<String, Object> settings) {
   }

   /** These types and {@code type} after them. */
   public Workloads with(WorkloadType type) {
      List<WorkloadType> all = new ArrayList<>(types);
      all.add(type);
      return new Workloads(all);
   }

   public List<String> names() {
      return names(types);
   }

   /** The options the lab's workload types read, beside {@code -Dworkloads}. */
   public static final List<Option<?>> OPTIONS = Stream.<List<Option<?>>>of(List.of(Declared.SLEEP_MS,
         Declared.ROWS, Declared.HOT_ROWS, Declared.HOLD_MS), CustomWorkload.OPTIONS, List.of(Declared.MIX))
         .flatMap(List::stream).toList();

   /** The type called {@code name}; an unknown name is refused with the known ones. */
   public WorkloadType named(String name) {
      return types.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() ->
            new IllegalArgumentException("no workload " + name + ": known are " + String.join(", ", names())));
   }

   /**
    * Reads {@code -Dworkloads} (names of this registry, each once; {@code fallback} when not given) and the options of
    * every type, chosen or not.
    */
   public Chosen choose(Options options, String fallback, Dialect dialect) {
      List<String> chosen = options.read(Declared.WORKLOADS.withDefault(List.of(fallback.split(",")))
            .withAllowed(names()));
      Map<String, Workload> built = new LinkedHashMap<>();
      Map<String, Set<String>> optionsOf = new LinkedHashMap<>();
      Map<String, Object> settings = new LinkedHashMap<>();
      List<WorkloadType> simpleFirst = types.stream().sorted(Comparator.comparing(WorkloadType::composite)).toList();
      for (WorkloadType type : simpleFirst) {
         Options.Traced<Workload> traced = options.traced(() -> type.composite()
               ? type.create(dialect, options, chosen, Map.copyOf(built))
               : type.create(dialect, options, chosen));
         optionsOf.put(type.name(), traced.names());
         Workload workload = traced.value();
         if (workload != null) {
            built.put(type.name(), workload);
            settings.putAll(workload.settings());
         }
      }
      List<Workload> workloads = chosen.stream().map(name -> {
         Workload workload = built.get(name);
         if (workload == null) {
            throw new IllegalStateException("workload type " + name + " built nothing when chosen");
         }
         return workload;
      }).toList();
      refuseUnused(options, workloads, optionsOf);
      return new Chosen(workloads, Collections.unmodifiableMap(settings));
   }

   /** As {@link #choose}, for a run that measures one workload: more than one is refused. */
   public Chosen chooseOne(Options options, String fallback, Dialect dialect) {
      Chosen chosen = choose(options, fallback, dialect);
      if (chosen.workloads().size() != 1) {
         throw Options.bad(Declared.WORKLOADS, options.given(Declared.WORKLOADS), "one workload of " + names());
      }
      return chosen;
   }

   /**
    * Refuses an option given for a workload type the run does not measure, neither chosen nor a kind of a chosen
    * mix ({@code -DholdMs} without {@code txn}, {@code -Dmix} without {@code mix}): it would change nothing.
    */
   private static void refuseUnused(Options options, List<Workload> workloads, Map<String, Set<String>> optionsOf) {
      Set<String> used = new LinkedHashSet<>();
      workloads.forEach(w -> {
         used.add(w.name());
         w.kinds().forEach(k -> used.add(k.name()));
      });
      Map<String, List<String>> owners = new TreeMap<>();
      optionsOf.forEach((type, names) -> names.forEach(name -> owners.computeIfAbsent(name, n -> new ArrayList<>())
            .add(type)));
      for (Map.Entry<String, List<String>> option : owners.entrySet()) {
         String value = options.given(option.getKey());
         if (value != null && option.getValue().stream().noneMatch(used::contains)) {
            String types = String.join(" or ", option.getValue());
            throw new OptionException("bad option -D" + option.getKey() + "=" + value + ": it sets the " + types
                  + " workload, which this run does not measure (-Dworkloads="
                  + String.join(",", workloads.stream().map(Workload::name).toList())
                  + "): leave it out or add " + types + " to -Dworkloads");
         }
      }
   }

   private static List<String> names(List<WorkloadType> types) {
      return types.stream().map(WorkloadType::name).toList();
   }
}
