package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A team's own workload: kinds of request, each picked by its weight, their parameters bound from one feeder, the
 * user's think time between requests, and the tables it needs, made before the load. Built with
 * {@link #named(String, Feed)}; a sweep measures it as any workload, each request and statement reported apart.
 */
public final class OwnWorkload implements Workload {
   private final String name;
   private final Feed feed;
   private final Map<Request, Integer> weighted;
   private final MixWorkload mix;
   private final Think think;
   private final Setup setup;

   private OwnWorkload(String name, Feed feed, Map<Request, Integer> weighted, Think think, Setup setup) {
      this.name = name;
      this.feed = feed;
      this.weighted = Collections.unmodifiableMap(new LinkedHashMap<>(weighted));
      this.mix = new MixWorkload(new LinkedHashMap<>(weighted));
      this.think = think;
      this.setup = setup;
   }

   /** A workload called {@code name} (its steps' name), its parameters from {@code feed}. */
   public static Builder named(String name, Feed feed) {
      return new Builder(name, feed);
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public String statement() {
      return mix.statement();
   }

   @Override
   public Workload pick() {
      return mix.pick();
   }

   @Override
   public List<Workload> kinds() {
      return mix.kinds();
   }

   /** Picks a request and runs it on a record of its own. */
   @Override
   public void run(Connection connection) throws SQLException {
      pick().run(connection);
   }

   @Override
   public void prepare(Connection connection) throws SQLException {
      setup.once(connection);
   }

   /** This workload as a type of a registry ({@link Workloads#with}), so that {@code -Dworkloads} may name it. */
   public WorkloadType type() {
      OwnWorkload self = this;
      return new WorkloadType() {
         @Override
         public String name() {
            return name;
         }

         @Override
         public Workload create(Dialect dialect, Options options, List<String> chosen) {
            return self;
         }
      };
   }

   /** The think time between two requests of a user, Z. */
   public Think think() {
      return think;
   }

   @Override
   public boolean usersOwn() {
      return true;
   }

   @Override
   public String writtenIn() {
      return "workload " + name;
   }

   @Override
   public Map<String, Object> settings() {
      Map<String, Object> settings = new LinkedHashMap<>();
      Map<String, Integer> weights = new LinkedHashMap<>();
      weighted.forEach((request, weight) -> weights.put(request.name(), weight));
      settings.put("requests", weights);
      settings.put("feeder", feed.name());
      return settings;
   }

   /** The workload as its simulation writes it, request by request. */
   public static final class Builder {
      private final String name;
      private final Feed feed;
      private final Map<Request, Integer> weighted = new LinkedHashMap<>();
      private final List<String> setup = new ArrayList<>();
      private final List<Fill> fills = new ArrayList<>();
      private Think think = Think.NONE;

      private Builder(String name, Feed feed) {
         this.name = name;
         this.feed = feed;
      }

      /** Statements run once before the load, in order, such as the tables' {@code DROP} and {@code CREATE}. */
      public Builder setup(String... statements) {
         setup.addAll(List.of(statements));
         return this;
      }

      /** The statements of a SQL file, separated by {@code ;}: on the classpath (src/test/resources), else a path. */
      public Builder setupFile(String resourceOrFile) {
         setup.addAll(SqlScript.read(resourceOrFile));
         return this;
      }

      /**
       * {@code rows} rows made before the load, after the setup's statements: {@code insert} is
       * {@code INSERT INTO t (a, b) VALUES}, {@code row} one row's values, {@code #{n}} its number from 1.
       */
      public Builder rows(int rows, String insert, String row) {
         BoundSql bound = BoundSql.of(row);
         List<String> others = bound.missing(List.of("n"));
         if (!others.isEmpty()) {
            throw new IllegalArgumentException("rows of " + insert + ": only #{n} is known, not " + others);
         }
         fills.add(new Fill(insert, bound, rows));
         return this;
      }

      /** A kind of request, picked with {@code weight} against the others' weights. */
      public Builder request(int weight, Request request) {
         if (weight < 1) {
            throw new IllegalArgumentException("request " + request.name() + ": a weight of 1 or more");
         }
         if (weighted.keySet().stream().anyMatch(r -> r.name().equals(request.name()))) {
            throw new IllegalArgumentException("two requests named " + request.name());
         }
         weighted.put(request, weight);
         return this;
      }

      /** The user's time between two requests (Z). */
      public Builder thinkBetweenRequests(Think between) {
         think = between;
         return this;
      }

      /** The workload; a parameter its feeder lacks is refused with the columns it has. */
      public OwnWorkload build() {
         if (weighted.isEmpty()) {
            throw new IllegalArgumentException("workload " + name + " has no request");
         }
         Setup once = new Setup(setup, fills);
         Map<Request, Integer> bound = new LinkedHashMap<>();
         weighted.forEach((request, weight) -> {
            for (Request.Statement s : request.statements()) {
               List<String> missing = s.sql().missing(feed.columns());
               if (!missing.isEmpty()) {
                  throw new IllegalArgumentException("#{" + missing.get(0) + "} in " + request.name() + " / "
                        + s.name() + ": the feeder " + feed.name() + " has no such column (it has "
                        + String.join(", ", feed.columns().stream().sorted().toList()) + ")");
               }
            }
            bound.put(request.on(feed, once), weight);
         });
         return new OwnWorkload(name, feed, bound, think, once);
      }
   }
}
