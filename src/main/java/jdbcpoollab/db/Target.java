package jdbcpoollab.db;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.redact.Redactor;


/**
 * Which database a run uses: the embedded MariaDB (no {@code db.url}) or the server named by {@code db.url}.
 * The password comes from {@code db.password}, the {@code DB_PASSWORD} environment variable or, when neither is
 * given, the URL's own {@code password=} parameter; each is handed to the {@link Redactor} as soon as it is read.
 */
public record Target(String url, String user, String password) {

   public static Target from(Options options) {
      String url = options.read(Declared.DB_URL);
      String user = options.read(Declared.DB_USER);
      Redactor.secret(options.env("DB_PASSWORD"));
      String password = options.read(Declared.DB_PASSWORD.withDefault(options.env("DB_PASSWORD")));
      Redactor.secret(password);
      if (url == null) {
         return new Target(null, null, null);
      }
      if (password == null) {
         // the URL's own, which the drivers would take, but which an empty password given to them overrides
         password = Redactor.passwordIn(url);
         Redactor.secret(password);
      }
      try {
         Dialects.forUrl(url);
      } catch (IllegalArgumentException e) {
         throw new OptionException("bad option -Ddb.url=" + Redactor.text(url, password) + ": " + e.getMessage());
      }
      return new Target(url, user, password);
   }

   public boolean embedded() {
      return url == null;
   }

   public Dialect dialect() {
      return embedded() ? Dialects.forUrl("jdbc:mysql:") : Dialects.forUrl(url);
   }

   @Override
   public String toString() {
      return embedded() ? "embedded MariaDB" : Redactor.text(url, password);
   }
}
