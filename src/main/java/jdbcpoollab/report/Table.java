package jdbcpoollab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A table of already formatted cells, rendered as Markdown, CSV or aligned console text; {@link Html} as HTML. */
public final class Table {
   private final List<String> headers;
   private final List<List<String>> rows = new ArrayList<>();
   private final List<String> rowClasses = new ArrayList<>();

   public Table(List<String> headers) {
      this.headers = List.copyOf(headers);
   }

   public Table add(List<String> row) {
      return add(row, null);
   }

   /** A row with a CSS class for the HTML rendering ("good", "bad"), or null. */
   public Table add(List<String> row, String htmlClass) {
      if (row.size() != headers.size()) {
         throw new IllegalArgumentException("row has " + row.size() + " cells, table has " + headers.size() + " columns");
      }
      rows.add(List.copyOf(row));
      rowClasses.add(htmlClass);
      return this;
   }

   public int size() {
      return rows.size();
   }

   public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append("| ").append(String.join(" | ", headers)).append(" |\n");
      sb.append(headers.stream().map(h -> "---:").collect(Collectors.joining("|", "|", "|\n")));
      for (List<String> row : rows) {
         sb.append("| ").append(String.join(" | ", row)).append(" |\n");
      }
      return sb.toString();
   }

   public List<String> headers() {
      return headers;
   }

   public List<List<String>> rows() {
      return List.copyOf(rows);
   }

   /** The CSS class of row {@code r} for the HTML rendering, or null. */
   public String rowClass(int r) {
      return rowClasses.get(r);
   }

   public String csv() {
      StringBuilder sb = new StringBuilder();
      sb.append(headers.stream().map(Table::csvCell).collect(Collectors.joining(","))).append('\n');
      for (List<String> row : rows) {
         sb.append(row.stream().map(Table::csvCell).collect(Collectors.joining(","))).append('\n');
      }
      return sb.toString();
   }

   /** Right-aligned columns, for the console. */
   public String text() {
      int[] width = new int[headers.size()];
      for (int c = 0; c < width.length; c++) {
         width[c] = headers.get(c).length();
         for (List<String> row : rows) {
            width[c] = Math.max(width[c], row.get(c).length());
         }
      }
      StringBuilder sb = new StringBuilder();
      line(sb, headers, width);
      int total = 0;
      for (int w : width) {
         total += w + 2;
      }
      sb.append("-".repeat(Math.max(0, total - 2))).append('\n');
      for (List<String> row : rows) {
         line(sb, row, width);
      }
      return sb.toString();
   }

   private static void line(StringBuilder sb, List<String> cells, int[] width) {
      for (int c = 0; c < cells.size(); c++) {
         if (c > 0) {
            sb.append("  ");
         }
         sb.append(" ".repeat(width[c] - cells.get(c).length())).append(cells.get(c));
      }
      sb.append('\n');
   }

   private static String csvCell(String cell) {
      if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
         return '"' + cell.replace("\"", "\"\"") + '"';
      }
      return cell;
   }
}
