package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.results.RunFolder;
import jdbcpoollab.options.Options;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Checks the input of {@code mvn gatling:test} before Gatling starts. Maven runs it right after compiling the tests
 * (exec-maven-plugin, see pom.xml): it looks {@code -Dsim} up among the simulations and builds that simulation,
 * which reads and checks its options. Bad input thus ends Maven itself with one line and exit code 64, instead of a
 * Gatling JVM start and a stack trace. A simulation's constructor only reads options and describes its scenarios;
 * nothing starts before {@code before()}.
 */
public final class Preflight {
   /** Where the simulations are, under src/test/java (Gatling's convention). */
   public static final String PACKAGE = "jdbcpoollab.simulations";

   private Preflight() {
   }

   public static void main(String[] args) throws ReflectiveOperationException {
      String name = args.length > 0 ? args[0] : "PoolSweep";
      Map<String, Class<? extends Simulation>> simulations = simulations();
      Class<? extends Simulation> simulation = simulations.get(name);
      if (simulation == null) {
         throw Exit.now(Exit.BAD_OPTION, Options.bad("sim", name, "one of "
               + String.join(", ", simulations.keySet())).getMessage());
      }
      try {
         simulation.getConstructor().newInstance();
      } catch (InvocationTargetException e) {
         if (e.getCause() instanceof RuntimeException runtime) {
            throw runtime;
         }
         throw e;
      }
      resultsWritable();
   }

   /** Maven names the results folder ({@code -Dlab.results}); Gatling's plugin would fail first on an unusable one. */
   private static void resultsWritable() {
      String results = System.getProperty("lab.results");
      if (results == null) {
         return;
      }
      try {
         RunFolder.proveWritable(Path.of(results));
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
   }

   /** The simulations of {@link #PACKAGE}, by simple name. */
   static Map<String, Class<? extends Simulation>> simulations() {
      Map<String, Class<? extends Simulation>> found = new TreeMap<>();
      try {
         URI here = Preflight.class.getClassLoader().getResource(PACKAGE.replace('.', '/')).toURI();
         if ("jar".equals(here.getScheme())) {
            try (FileSystem jar = FileSystems.newFileSystem(here, Map.of())) {
               collect(jar.getPath(PACKAGE.replace('.', '/')), found);
            } catch (FileSystemAlreadyExistsException e) {
               collect(FileSystems.getFileSystem(here).getPath(PACKAGE.replace('.', '/')), found);
            }
         } else {
            collect(Path.of(here), found);
         }
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      } catch (URISyntaxException e) {
         throw new IllegalStateException(e);
      }
      return found;
   }

   private static void collect(Path dir, Map<String, Class<? extends Simulation>> found) throws IOException {
      try (Stream<Path> files = Files.list(dir)) {
         for (Path file : files.toList()) {
            String name = file.getFileName().toString();
            if (!name.endsWith(".class") || name.contains("$")) {
               continue;
            }
            String simple = name.substring(0, name.length() - ".class".length());
            Class<?> type;
            try {
               type = Class.forName(PACKAGE + "." + simple, false, Preflight.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
               continue;
            }
            if (Simulation.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())) {
               found.put(simple, type.asSubclass(Simulation.class));
            }
         }
      }
   }
}
