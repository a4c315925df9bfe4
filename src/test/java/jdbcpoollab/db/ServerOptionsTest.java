package jdbcpoollab.db;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ServerOptionsTest {

   private static Map<String, String> parsed(String raw) {
      Properties p = new Properties();
      p.setProperty(ServerOptions.OPTION, raw);
      return ServerOptions.from(new Options(p, Map.of()));
   }

   @Test
   void aVariableGivenTwiceIsBadInput() {
      OptionException e = assertThrows(OptionException.class,
            () -> parsed("max_connections=5,thread_cache_size=4,max-connections=6"));
      assertEquals("bad option -Ddb.serverOption=max_connections=5,thread_cache_size=4,max-connections=6: "
            + "max_connections is given twice; give each variable once", e.getMessage());
      assertEquals(Map.of("max_connections", "5", "thread_cache_size", "4"),
            parsed("max_connections=5,thread_cache_size=4"));
   }
}
