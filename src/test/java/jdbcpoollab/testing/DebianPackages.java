package jdbcpoollab.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Installs the Debian packages a test needs (a PostgreSQL server, Chromium, …) when they are missing, so that
 * {@code mvn test} sets up a fresh machine by itself. Needs root and apt-get; otherwise reports why it cannot.
 */
public final class DebianPackages {
   private static boolean updated;

   private DebianPackages() {
   }

   /**
    * Makes sure {@code executable} exists, installing {@code packages} if it does not.
    *
    * @return null when the executable is there, otherwise the reason it could not be installed
    */
   public static synchronized String ensure(Path executable, String... packages) {
      return ensure(executable.toString(), () -> Files.isExecutable(executable), packages);
   }

   /**
    * Like {@link #ensure(Path, String...)} for an executable whose folder holds a version number, such as
    * {@code /usr/lib/postgresql/<version>/bin/postgres}: {@code found} lists the ones there are.
    *
    * @return null when {@code found} lists at least one, otherwise the reason it could not be installed
    */
   public static synchronized String ensure(String what, Supplier<List<Path>> found, String... packages) {
      return ensure(what, () -> !found.get().isEmpty(), packages);
   }

   private static String ensure(String executable, BooleanSupplier present, String... packages) {
      if (present.getAsBoolean()) {
         return null;
      }
      if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
         return executable + " is missing and this machine has no apt-get to install " + String.join(" ", packages);
      }
      if (!"root".equals(System.getProperty("user.name"))) {
         return executable + " is missing and installing " + String.join(" ", packages) + " needs root";
      }
      List<String> install = new ArrayList<>(List.of("apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y",
            "--no-install-recommends"));
      install.addAll(List.of(packages));
      String failure = null;
      if (!updated) {
         failure = run(List.of("apt-get", "-o", "DPkg::Lock::Timeout=600", "update"));
         updated = failure == null;
      }
      if (failure == null) {
         failure = run(install);
      }
      if (failure != null) {
         return "installing " + String.join(" ", packages) + " failed: " + failure;
      }
      return present.getAsBoolean() ? null
            : "installed " + String.join(" ", packages) + " but " + executable + " is still missing";
   }

   private static String run(List<String> command) {
      return Command.run(command, null, Map.of("DEBIAN_FRONTEND", "noninteractive"), Duration.ofMinutes(15)).failure();
   }
}
