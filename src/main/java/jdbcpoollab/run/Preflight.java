package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.db.ServerOptions;
import jdbcpoollab.results.RunFolder;
import jdbcpoollab.options.Options;
import jdbcpoollab.workloads.Feed;
import jdbcpoollab.options.JvmFacts;
import jdbcpoollab.options.LabProperties;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.Map;
import jdbcpoollab.runoptions.Simulations;

/**
 * Checks the input of {@code mvn gatling:test} before Gatling starts. Maven runs it right after compiling the tests
 * (exec-maven-plugin, see pom.xml): it looks {@code -Dsim} up in {@link Simulations} and builds that simulation,
 * which reads and checks its options, then asks the embedded server's binary whether it takes the
 * {@code -Ddb.serverOption} values (its {@code --help}, no server started). Bad input thus ends Maven itself with one
 * line and exit code 64, instead of a Gatling JVM start and a stack trace. A simulation's constructor only reads
 * options and describes its scenarios; nothing starts before {@code before()}.
 */
public final class Preflight {
   private Preflight() {
   }

   public static void main(String[] args) throws ReflectiveOperationException {
      String name = args.length > 0 ? args[0] : "PoolSweep";
      Class<? extends Simulation> simulation = Simulations.type(name).orElseThrow(() -> Exit.now(Exit.BAD_OPTION,
            Options.bad("sim", name, "one of " + String.join(", ", Simulations.names()) + ", or a simulation class of your"
                  + " own in " + Simulations.PACKAGE).getMessage()));
      javaAsGiven();
      // a simulation may build Gatling's feeders as it is made (csv(...)), which read Gatling's configuration
      Feed.configureGatling();
      try {
         simulation.getConstructor().newInstance();
      } catch (InvocationTargetException e) {
         if (e.getCause() instanceof RuntimeException runtime) {
            throw runtime;
         }
         throw e;
      }
      serverOptionsTaken();
      resultsWritable();
   }

   /**
    * {@code -Dlab.java}: Gatling's plugin starts the load test's JVM with the java Maven runs on, so ./lab runs Maven
    * on the JDK given; a plain {@code mvn} given it runs elsewhere, which is refused rather than silently ignored.
    */
   private static void javaAsGiven() {
      String given = LabProperties.java();
      if (given == null) {
         return;
      }
      Path home = Path.of(JvmFacts.javaHome());
      boolean same;
      try {
         same = Path.of(given).toRealPath().equals(home.toRealPath());
      } catch (IOException | RuntimeException e) {
         same = false;
      }
      if (!same) {
         throw Exit.now(Exit.BAD_OPTION, "bad option -Dlab.java=" + given + ": the load test's JVM runs on the java"
               + " Maven runs on (" + home + "); give -Dlab.java to ./lab, which runs Maven on that JDK, or set"
               + " JAVA_HOME for mvn");
      }
   }

   /**
    * The simulation took {@code -Ddb.serverOption} (so the server is the embedded one); its values are the server
    * binary's to judge, which the Gatling JVM would otherwise ask only after Gatling started.
    */
   private static void serverOptionsTaken() {
      Map<String, String> server = ServerOptions.from(Options.fromSystem());
      if (server.isEmpty()) {
         return;
      }
      try {
         EmbeddedMariaDb.checkArguments(EmbeddedMariaDb.defaultHome(), ServerOptions.arguments(server));
      } catch (EmbeddedMariaDb.Refused e) {
         throw Exit.now(Exit.BAD_OPTION, e.getMessage());
      }
   }

   /** Maven names the results folder ({@code -Dlab.results}); Gatling's plugin would fail first on an unusable one. */
   private static void resultsWritable() {
      String results = LabProperties.results();
      if (results == null) {
         return;
      }
      try {
         RunFolder.proveWritable(Path.of(results));
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
   }
}
