package jdbcpoollab.runoptions;

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

/** The registry names the lab's own simulations once each; any other simulation class of the package is a user's. */
class SimulationsTest {

   @Test
   void theLabsSimulationsAreRegisteredOnceAndAUsersOwnIsFoundWithoutALine() throws Exception {
      List<String> found = simulationClasses();
      assertTrue(found.containsAll(Simulations.names()), found + " holds " + Simulations.names());
      assertEquals(Simulations.names().size(), new TreeSet<>(Simulations.names()).size(), "each name once");
      assertTrue(found.contains("OrdersSweep") && !Simulations.names().contains("OrdersSweep"),
            "the example of a user's own simulation is not the lab's: " + Simulations.names());
      for (String name : found) {
         assertEquals(name, Simulations.type(name).orElseThrow().getSimpleName());
      }
      assertTrue(Simulations.type("Nope").isEmpty());
      assertTrue(Simulations.type("../PoolSweep").isEmpty());
   }

   private List<String> simulationClasses() throws IOException, URISyntaxException, ClassNotFoundException {
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
      return found;
   }
}
