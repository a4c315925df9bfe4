package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry names every simulation of the simulations package, and nothing else. */
class SimulationsTest {

   @Test
   void everySimulationClassIsRegisteredOnce() throws IOException, URISyntaxException, ClassNotFoundException {
      Path dir = Path.of(getClass().getClassLoader().getResource(Simulations.PACKAGE.replace('.', '/')).toURI());
      List<String> found = new ArrayList<>();
      try (Stream<Path> files = Files.list(dir)) {
         for (Path file : files.toList()) {
            String name = file.getFileName().toString();
            if (name.endsWith(".class") && !name.contains("$")) {
               Class<?> type = Class.forName(Simulations.PACKAGE + "." + name.replace(".class", ""));
               if (Simulation.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())) {
                  found.add(type.getSimpleName());
               }
            }
         }
      }
      assertEquals(new TreeSet<>(found), new TreeSet<>(Simulations.names()));
      assertEquals(Simulations.names().size(), new TreeSet<>(Simulations.names()).size(), "each name once");
      for (String name : Simulations.names()) {
         assertTrue(Simulations.type(name).isPresent(), name);
      }
      assertTrue(Simulations.type("Nope").isEmpty());
   }
}
