package jdbcpoollab.options;

import java.util.List;

/**
 * Every option of the lab, each name declared here once with its type, bounds, default and help. A default that
 * differs between simulations is the one most take; the others read {@link Option#withDefault} in their own options
 * record. Names that come from a registry (pool libraries, profiles, workloads, drivers, thread kinds) are handed over
 * where the option is read ({@link Option#withAllowed}).
 */
public final class Declared {
   private static final List<String> FALSE_TRUE = List.of("false", "true");
   private static final List<String> TRUE_FALSE = List.of("true", "false");

   // the database, the pool's timeout, the results folder: every simulation's
   public static final Option<String> DB_URL = Option.text("db.url", null,
         "the database's JDBC URL; the embedded MariaDB when not given");
   public static final Option<String> DB_USER = Option.text("db.user", null, "the database user");
   public static final Option<String> DB_PASSWORD = Option.text("db.password", null,
         "the database password (or DB_PASSWORD in the environment)");
   public static final Option<String> DB_SERVER_OPTION = Option.text("db.serverOption", null,
         "name=value,… server variables for the embedded MariaDB");
   public static final Option<Integer> DB_CORES = Option.integer("db.cores", 0, 1, 100_000,
         "the cores of a database given by -Ddb.url, for the saturation check");
   public static final Option<Integer> CONNECTION_TIMEOUT_MS = Option.integer("connectionTimeoutMs", 30_000, 250,
         3_600_000, "the pool's acquire timeout, in ms");
   public static final Option<String> RESULTS = Option.text(LabProperties.RESULTS, "results",
         "the folder the run folders are in");

   // the shape of a run
   public static final Option<Integer> USERS = Option.integer("users", 64, 1, 10_000, "concurrent users");
   public static final Option<List<Integer>> POOLS = Option.integers("pools", List.of(1, 2, 4, 8, 16, 32, 64), 1, 1_000,
         "pool sizes, comma-separated");
   public static final Option<Double> SECONDS = Option.decimal("seconds", 5, 0.1, 3_600,
         "the measured window of each step, in s");
   public static final Option<Double> WARMUP = Option.decimal("warmup", 2, 0, 3_600,
         "the unmeasured seconds before each step's window");
   public static final Option<Double> RECOVER_SECONDS = Option.decimal("recoverSeconds", 10, 0, 3_600,
         "how long a step waits for a lost database to come back, in s");
   public static final Option<List<String>> SOURCE = Option.choices("source", List.of("hikari"), null,
         "the pool libraries (or none), comma-separated");
   public static final Option<List<String>> PROFILE = Option.choices("profile", List.of("defaults"), null,
         "the pools' settings: defaults, recommended or both");
   public static final Option<String> THREADS = Option.choice("threads", "platform", null,
         "what users run on: platform or virtual threads");
   public static final Option<List<Integer>> RTT_MS = Option.integers("rttMs", List.of(0), 0, 1_000,
         "network round trips added by a proxy, in ms");
   public static final Option<Integer> REPEAT = Option.integer("repeat", 1, 1, 100, "how often each step is run");
   public static final Option<Integer> OPS = Option.integer("ops", 25, 1, 1_000_000, "operations per user");
   public static final Option<Integer> ROUNDS = Option.integer("rounds", 3, 1, 100, "rounds of the whole run");
   public static final Option<Integer> POOL = Option.integer("pool", 8, 1, 1_000, "the pool size");
   public static final Option<Integer> MAX_POOL = Option.integer("maxPool", 50, 1, 1_000, "the pool's maximum");

   // PoolSweep
   public static final Option<Double> ACQUIRE_P99_MS = Option.above("acquireP99Ms", 50, 0, 3_600_000,
         "the acquire P99 the recommended pool keeps, in ms");
   public static final Option<String> SPLIT_POOLS = Option.choice("splitPools", "false", FALSE_TRUE,
         "a pool per kind of a mix");
   public static final Option<List<String>> DRIVER = Option.choices("driver", null, null,
         "the JDBC drivers, comma-separated; the URL's own when not given");
   public static final Option<String> DRIVER_PROPS = Option.text("driver.props", null,
         "sets of driver properties, each measured");
   public static final Option<Double> SETTLE_SECONDS = Option.decimal("settle.seconds", Double.NaN, 0, 86_400,
         "the warm-up and window time spent measuring again what decides each answer, in s; 0 turns it off");
   public static final Option<Double> JVM_WARMUP = Option.decimal("jvmWarmup", 15, 0, 3_600,
         "the JVM's own warm-up before the first step, in s");
   public static final Option<Integer> JVM_WARMUP_OPS = Option.integer("jvmWarmup.ops", 500_000, 1, Integer.MAX_VALUE,
         "the most operations the JVM's warm-up may start");
   public static final Option<String> JVM_WARMUP_OWN = Option.choice("jvmWarmup.own", "false", List.of("true",
         "false"), "whether the warm-up of a workload that writes runs its own statements");
   public static final Option<String> QUICK = Option.choice("quick", "false", FALSE_TRUE,
         "a first, provisional answer in under a minute: no JVM warm-up, no settling, fewer pools, short steps");
   public static final Option<Double> DISTURBED_MAX_PCT = Option.decimal("disturbed.maxPct", 10, 0, 100,
         "the share of the machine, in %, other processes and steal may take before a step is disturbed");
   public static final Option<List<Integer>> INSTANCES = Option.integers("instances", List.of(1), 1, 100,
         "application instances, each with its own pool");
   public static final Option<String> COMPARE = Option.text("compare", null, "earlier runs to compare with");
   public static final Option<String> MERGE = Option.text("merge", null,
         "runs of several load generators to merge");
   public static final Option<String> BASELINE = Option.text("baseline", null,
         "the summary.json of an earlier run whose numbers gate this one");

   // the workloads
   public static final Option<List<String>> WORKLOADS = Option.choices("workloads", List.of("wait", "cpu"), null,
         "the workloads, comma-separated");
   public static final Option<Integer> SLEEP_MS = Option.integer("sleepMs", 5, 0, 60_000,
         "the wait workload's sleep, in ms");
   public static final Option<Integer> ROWS = Option.integer("rows", 100_000, 1, 100_000_000,
         "rows the cpu workload scans");
   public static final Option<Integer> HOT_ROWS = Option.integer("hotRows", 1_000, 1, 10_000_000,
         "rows the txn workload updates");
   public static final Option<Integer> HOLD_MS = Option.integer("holdMs", 5, 0, 60_000,
         "how long a txn holds its connection, in ms");
   public static final Option<String> SQL = Option.text("sql", null, "the custom workload's statement, or @file.sql");
   public static final Option<String> SQL_WRITES = Option.choice("sql.writes", "false", TRUE_FALSE,
         "the custom statements may write");
   public static final Option<String> SQL_TRANSACTION = Option.choice("sql.transaction", "false", TRUE_FALSE,
         "the custom statements run in one transaction");
   public static final Option<String> FEEDER = Option.text("feeder", null, "a CSV file of the statements' parameters");
   public static final Option<String> FEEDER_STRATEGY = Option.choice("feeder.strategy", "random",
         List.of("random", "circular", "queue"), "how records are drawn from the feeder");
   public static final Option<String> MIX = Option.text("mix", null, "kinds of the mix workload with their weights");
   public static final Option<String> THINK = Option.choice("think", "constant",
         List.of("constant", "uniform", "exponential"), "how think times are drawn");
   public static final Option<Double> THINK_MS = Option.decimal("thinkMs", 0, 0, 3_600_000,
         "the mean think time, in ms");

   // gates
   public static final Option<Double> ASSERT_P99_ACQUIRE_MS = Option.above("assert.p99AcquireMs", 0, 0, 86_400_000,
         "fail the run when a step's acquire P99 is above it, in ms");
   public static final Option<Double> ASSERT_P99_TOTAL_MS = Option.above("assert.p99TotalMs", 0, 0, 86_400_000,
         "fail the run when a step's total P99 is above it, in ms");
   public static final Option<Double> ASSERT_MIN_THROUGHPUT = Option.above("assert.minThroughput", 0, 0, 100_000_000,
         "fail the run when a step's throughput is below it, in q/s");
   public static final Option<Double> ASSERT_MAX_KO_PERCENT = Option.decimal("assert.maxKoPercent", 0, 0, 100,
         "fail the run when a step failed more operations, in %");
   public static final Option<Double> ASSERT_TOLERANCE_PCT = Option.decimal("assert.tolerancePct", 20, 0, 1_000,
         "how far a step may fall behind the baseline, in %");

   // RateSweep
   public static final Option<Double> RATE = Option.above("rate", 1000, 0, 100_000, "arrivals per second");
   public static final Option<Double> SLO_P99_MS = Option.above("sloP99Ms", 20, 0, 3_600_000,
         "the P99 target of a request, in ms");
   public static final Option<Integer> QUEUE_LIMIT = Option.integer("queueLimit", 10_000, 1, 1_000_000,
         "requests waiting for a request thread at most");
   public static final Option<String> FROM = Option.text("from", null,
         "a PoolSweep run whose query times give the prediction");

   // CpoolCompare
   public static final Option<String> SOURCES = Option.text("options", "hikari:32:70:3,hikari:35:76:3,none",
         "the sources compared: library:users:ops:repeat,…");
   public static final Option<String> WORKLOAD = Option.choice("workload", "mixed",
         List.of("mixed", "select", "insert", "update"), "CpoolCompare's statements");

   // Capture, Replay
   public static final Option<String> CAPTURE_LOG = Option.text("capture.log", null,
         "the PostgreSQL server log a capture reads");
   public static final Option<String> CAPTURE = Option.text("capture", null,
         "the Capture run folder whose traffic Replay sends");
   public static final Option<String> SPEED = Option.text("speed", "1",
         "speed factors of the captured arrivals, comma-separated");
   public static final Option<String> REPLAY_WRITES = Option.choice("replay.writes", "false", FALSE_TRUE,
         "whether a capture that writes may be replayed");
   public static final Option<String> REPLAY_GAPS = Option.choice("replay.gaps", "captured",
         List.of("captured", "none"), "when a transaction's next statement is sent: at its captured offset, or as "
               + "soon as the previous one ended");
   public static final Option<String> REPLAY_SAME_SERVER = Option.choice("replay.sameServer", "false", FALSE_TRUE,
         "whether a capture may be replayed against the server it was captured from");

   // Fidelity
   public static final Option<Double> S1_SECONDS = Option.above("s1Seconds", 2, 0, 3_600,
         "the window measuring one operation alone, in s");
   public static final Option<String> TWIN = Option.choice("twin", "false", FALSE_TRUE,
         "whether the reference also runs against itself in each round, to show the machine's own noise");

   // Outage, Burst, Lifetime
   public static final Option<Integer> SOCKET_TIMEOUT_MS = Option.integer("socketTimeoutMs", 10_000, 250, 3_600_000,
         "the driver's connect and socket timeouts, in ms");
   public static final Option<Integer> FAILURE_PAUSE_MS = Option.integer("failurePauseMs", 100, 0, 60_000,
         "how long a user rests after a failed operation, in ms");
   public static final Option<String> DOWN = Option.choice("down", "blackhole", List.of("blackhole", "refuse"),
         "how the database is unreachable");
   public static final Option<Double> STEADY_SECONDS = Option.decimal("steadySeconds", 3, 0.5, 3_600,
         "load before the outage, in s");
   public static final Option<Double> DOWN_SECONDS = Option.decimal("downSeconds", 5, 0.1, 3_600,
         "how long the database is unreachable, in s");
   public static final Option<Double> AFTER_SECONDS = Option.decimal("afterSeconds", 5, 0.5, 3_600,
         "load after the outage, in s");
   public static final Option<Integer> MIN_IDLE = Option.integer("minIdle", 5, 0, 1_000, "the pool's minimum idle");
   public static final Option<Integer> IDLE_TIMEOUT_MS = Option.integer("idleTimeoutMs", 0, 0, 3_600_000,
         "the pool's idle timeout, in ms; 0 for the library's");
   public static final Option<Integer> CONNECT_MS = Option.integer("connectMs", 150, 0, 60_000,
         "the delay added to each new connection's handshake, in ms");
   public static final Option<Integer> BURST = Option.integer("burst", 50, 1, 10_000, "users arriving at once");
   public static final Option<Integer> C3P0_HELPER_THREADS = Option.integer("c3p0HelperThreads", 0, 0, 256,
         "c3p0's numHelperThreads; 0 for its own (3)");
   public static final Option<Double> IDLE_SECONDS = Option.decimal("idleSeconds", 1, 0, 3_600,
         "the pool idle before the burst, in s");
   public static final Option<Double> MAX_SECONDS = Option.decimal("maxSeconds", 30, 1, 3_600,
         "the longest a burst may take, in s");
   public static final Option<Double> SAMPLE_MS = Option.decimal("sampleMs", 10, 1, 10,
         "how often the pool is sampled, in ms");
   public static final Option<Double> WORK_SECONDS = Option.decimal("workSeconds", 2, 0.1, 3_600,
         "load in each round, in s");
   public static final Option<Double> PAUSE_SECONDS = Option.decimal("pauseSeconds", 3, 0, 3_600,
         "the pause between rounds, in s");
   public static final Option<Integer> CUT_AFTER_MS = Option.integer("cutAfterMs", 2_000, 0, 86_400_000,
         "connections are cut at this age, in ms");
   public static final Option<Integer> MAX_LIFETIME_MS = Option.integer("maxLifetimeMs", 0, 0, 86_400_000,
         "the pool's maximum lifetime, in ms; 0 for the library's");
   public static final Option<Integer> KEEPALIVE_MS = Option.integer("keepaliveMs", 0, 0, 86_400_000,
         "the pool's keepalive, in ms; 0 for none");

   private Declared() {
   }
}
