package jdbcpoollab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A table of already formatted cells, rendered as Markdown, CSV or aligned console text. */
public final class Table {
   /** Cells that read as numbers are right-aligned in HTML. */
   /** Longer cells (URLs) may break anywhere, so that a table fits the page. */
   private static final int LONG = 40;
   private static final Pattern NUMBER = Pattern.compile("[-+]?[0-9][0-9.,]*(%| \\(.*\\))?|NaN");
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

   public String html() {
      return html(List.of());
   }

   /** @param links per row, the target of a link on its first cell (null or missing: no link) */
   public String html(List<String> links) {
      StringBuilder sb = new StringBuilder("<table>\n<tr>");
      headers.forEach(h -> sb.append("<th>").append(Html.escape(h)).append("</th>"));
      sb.append("</tr>\n");
      for (int r = 0; r < rows.size(); r++) {
         sb.append(rowClasses.get(r) == null ? "<tr>" : "<tr class=\"" + Html.escape(rowClasses.get(r)) + "\">");
         List<String> row = rows.get(r);
         for (int c = 0; c < row.size(); c++) {
            String link = c == 0 && r < links.size() ? links.get(r) : null;
            String cell = row.get(c);
            sb.append(NUMBER.matcher(cell).matches() ? "<td class=\"num\">" : cell.length() > LONG ? "<td class=\"long\">" : "<td>")
                  .append(link == null ? Html.escape(cell) : Html.link(link, cell)).append("</td>");
         }
         sb.append("</tr>\n");
      }
      return sb.append("</table>\n").toString();
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
