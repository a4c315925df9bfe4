package jdbcpoollab.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** SQL statements separated by {@code ;}, a {@code ;} in quotes or a comment being the statement's own text. */
public final class SqlScript {
   private SqlScript() {
   }

   /** The statements of {@code script} quoted as standard SQL ({@link #split(String, SqlText.Quoting)}). */
   public static List<String> split(String script) {
      return split(script, SqlText.Quoting.STANDARD);
   }

   /**
    * The statements of {@code script}, each stripped; empty ones (and ones of comments only) left out. A {@code ;}
    * inside quotes, a comment or a dollar quote, as {@code quoting} reads them, is the statement's own text.
    */
   public static List<String> split(String script, SqlText.Quoting quoting) {
      List<String> statements = new ArrayList<>();
      StringBuilder statement = new StringBuilder();
      boolean code = false;
      for (SqlText.Part part : SqlText.parts(script, quoting)) {
         if (!part.code()) {
            statement.append(part.text());
            continue;
         }
         String text = part.text();
         int from = 0;
         for (int semicolon = text.indexOf(';'); semicolon >= 0; semicolon = text.indexOf(';', from)) {
            statement.append(text, from, semicolon);
            code |= !text.substring(from, semicolon).isBlank();
            add(statements, statement, code);
            statement.setLength(0);
            code = false;
            from = semicolon + 1;
         }
         statement.append(text, from, text.length());
         code |= !text.substring(from).isBlank();
      }
      add(statements, statement, code);
      return statements;
   }

   private static void add(List<String> statements, CharSequence statement, boolean code) {
      if (code) {
         statements.add(statement.toString().strip());
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
