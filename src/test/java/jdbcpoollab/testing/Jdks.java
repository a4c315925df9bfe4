package jdbcpoollab.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The JDKs of this machine: -Dlab.java, JAVA_HOME, the test JVM's own and those under /usr/lib/jvm. */
public final class Jdks {
   /** Where this looks, for a test's skip message. */
   public static final String WHERE = "-Dlab.java, JAVA_HOME, the test JVM and /usr/lib/jvm";
   private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

   private Jdks() {
   }

   /** A JDK of at least Java {@code feature}, the first found, if any. */
   public static Optional<Path> atLeast(int feature) {
      return candidates().stream().filter(home -> feature(home) >= feature).findFirst();
   }

   private static List<Path> candidates() {
      List<Path> homes = new ArrayList<>();
      Stream.of(System.getProperty("lab.java"), System.getenv("JAVA_HOME"), System.getProperty("java.home"))
            .filter(h -> h != null && !h.isBlank()).map(Path::of).forEach(homes::add);
      try (Stream<Path> jvms = Files.list(Path.of("/usr/lib/jvm"))) {
         jvms.sorted().forEach(homes::add);
      } catch (IOException e) {
         // no such folder: only the others
      }
      return homes;
   }

   /** The Java feature version of a JDK by its release file, 0 when it has none or no java. */
   private static int feature(Path home) {
      Path release = home.resolve("release");
      if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
         return 0;
      }
      try {
         Matcher m = VERSION.matcher(Files.readString(release));
         return m.find() ? Integer.parseInt(m.group(1)) : 0;
      } catch (IOException e) {
         return 0;
      }
   }
}
