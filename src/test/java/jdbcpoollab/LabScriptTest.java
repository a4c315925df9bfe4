package jdbcpoollab;

import jdbcpoollab.runoptions.Simulations;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ./lab script's usage names every simulation -Dsim can name: the registry's and a user's own, OrdersSweep. */
class LabScriptTest {

   @Test
   void theUsageListsTheLabsSimulationsAndTheUsersOwn() throws IOException, InterruptedException {
      Process lab = new ProcessBuilder("bash", "lab").redirectErrorStream(true).start();
      assertTrue(lab.waitFor(30, TimeUnit.SECONDS), "./lab without arguments did not end");
      String usage = new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(64, lab.exitValue(), usage);
      assertTrue(usage.startsWith("usage: ./lab <simulation> [-Dname=value ...]"), usage);
      for (String name : Simulations.names()) {
         assertTrue(usage.matches("(?s).*[(, ]" + name + "[,)].*"), name + " missing from " + usage);
      }
      assertTrue(usage.contains(" OrdersSweep,"), "a user's own simulation, as the README's example: " + usage);
      assertTrue(!usage.contains("OrdersShop"), "a helper class is no simulation: " + usage);
   }
}
