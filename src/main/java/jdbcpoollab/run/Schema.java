package jdbcpoollab.run;

import jdbcpoollab.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/** Creates or checks a table the simulation needs, as the lab starts ({@link Lab#start}). */
@FunctionalInterface
public interface Schema {
   /** The name of the table the workloads read ({@link #bigTable}). */
   String BIG = "big";

   /** @return what it found or did, such as "100000 rows reused" */
   String ensure(Database database, Connection connection) throws SQLException;

   /** The big table of {@code rows} rows, created, filled or reused; for none, "not needed". */
   static Schema bigTable(int rows) {
      return (database, c) -> rows == 0 ? "not needed"
            : rows + " rows " + database.dialect().ensureBigTable(c, rows).name().toLowerCase(Locale.ROOT);
   }
}
