package jdbcpoollab.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** SQL statements separated by {@code ;}, a {@code ;} in quotes or a comment being the statement's own text. */
public final class SqlScript {
   private static final Pattern TOKEN = Pattern.compile("'(?:[^']|'')*'|\"[^\"]*\"|--[^\\n]*|/\\*.*?\\*/|;",
         Pattern.DOTALL);
   private static final Pattern ONLY_COMMENTS = Pattern.compile("(?s)\\s*((--[^\\n]*|/\\*.*?\\*/)\\s*)*");

   private SqlScript() {
   }

   /** The statements of {@code script}, each stripped; empty ones (and ones of comments only) left out. */
   public static List<String> split(String script) {
      List<String> statements = new ArrayList<>();
      Matcher m = TOKEN.matcher(script);
      int from = 0;
      while (m.find()) {
         if (m.group().equals(";")) {
            add(statements, script.substring(from, m.start()));
            from = m.end();
         }
      }
      add(statements, script.substring(from));
      return statements;
   }

   private static void add(List<String> statements, String statement) {
      if (!ONLY_COMMENTS.matcher(statement).matches()) {
         statements.add(statement.strip());
      }
   }

   /** The statements of a file on the classpath (as src/test/resources holds it), else of the file at that path. */
   public static List<String> read(String resourceOrFile) {
      try (InputStream in = SqlScript.class.getClassLoader().getResourceAsStream(resourceOrFile)) {
         if (in != null) {
            return split(new String(in.readAllBytes(), StandardCharsets.UTF_8));
         }
         return split(Files.readString(Path.of(resourceOrFile), StandardCharsets.UTF_8));
      } catch (IOException e) {
         throw new UncheckedIOException("cannot read the SQL file " + resourceOrFile, e);
      }
   }
}
