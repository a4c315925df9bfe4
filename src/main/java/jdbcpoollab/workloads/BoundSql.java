package jdbcpoollab.workloads;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement written with Gatling EL parameters, {@code WHERE id = #{customerId}}, as JDBC runs it: each
 * {@code #{name}} a {@code ?}, bound in order from a record (a feeder's row). A {@code ?} of the user's own is refused,
 * since nothing would bind it.
 *
 * @param el    the statement as written
 * @param jdbc  the statement with a {@code ?} for every parameter
 * @param names the parameters' names, in the order of their {@code ?}, a name repeated where it is used twice
 */
public record BoundSql(String el, String jdbc, List<String> names) {
   private static final Pattern PARAMETER = Pattern.compile("#\\{([^}]*)}");
   private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

   /** The statement {@code el} quoted as standard SQL ({@link #of(String, SqlText.Quoting)}). */
   public static BoundSql of(String el) {
      return of(el, SqlText.Quoting.STANDARD);
   }

   /**
    * The statement {@code el}, quoted as {@code quoting} says: a {@code #{name}} or {@code ?} inside quotes or a
    * comment is the statement's own text. A parameter that is not a plain name, or a {@code ?}, is refused with why.
    */
   public static BoundSql of(String el, SqlText.Quoting quoting) {
      List<String> names = new ArrayList<>();
      StringBuilder jdbc = new StringBuilder();
      for (SqlText.Part part : SqlText.parts(el, quoting)) {
         if (!part.code()) {
            jdbc.append(part.text());
            continue;
         }
         if (part.text().contains("?")) {
            throw new IllegalArgumentException("a ? in the statement: write each parameter as #{name}, the name of a "
                  + "feeder's column, and the lab binds it (" + el + ")");
         }
         Matcher m = PARAMETER.matcher(part.text());
         while (m.find()) {
            String name = m.group(1).trim();
            if (!NAME.matcher(name).matches()) {
               throw new IllegalArgumentException("#{" + m.group(1) + "}: a parameter is #{name}, the name of a "
                     + "feeder's column (letters, digits and _), and nothing else of Gatling EL");
            }
            names.add(name);
            m.appendReplacement(jdbc, "?");
         }
         m.appendTail(jdbc);
      }
      return new BoundSql(el, jdbc.toString(), List.copyOf(names));
   }

   /** Binds each parameter from {@code record}, in order. */
   public void bind(PreparedStatement statement, Map<String, Object> record) throws SQLException {
      for (int i = 0; i < names.size(); i++) {
         statement.setObject(i + 1, record.get(names.get(i)));
      }
   }

   /** The parameters {@code columns} lack, in order of first use; empty when the record has them all. */
   public List<String> missing(Collection<String> columns) {
      return names.stream().distinct().filter(n -> !columns.contains(n)).toList();
   }
}
