package jdbcpoollab.report;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A self-contained HTML page: its style is inline, it loads nothing from the network, and its images are files
 * next to it. Text is escaped; methods named {@code ...Html} take markup that is already safe.
 */
public final class Html {
   private static final String STYLE = """
         body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#222;
           max-width:1180px;margin:0 auto;padding:16px 24px 48px}
         h1{font-size:26px;margin:8px 0 4px}h2{font-size:21px;margin:36px 0 8px;border-bottom:1px solid #ddd}
         h3{font-size:17px;margin:22px 0 6px}
         table{border-collapse:collapse;margin:8px 0 12px;font-size:13px}
         th,td{border:1px solid #d8d8d8;padding:3px 8px;text-align:left;max-width:36em}td.long{overflow-wrap:anywhere}
         th{background:#f3f3f3;text-align:center;white-space:nowrap}td.num{text-align:right;white-space:nowrap}
         tr.good td{background:#e7f5e7}tr.bad td{background:#fdeaea}
         .answer{background:#eef5fc;border-left:5px solid #1f77b4;padding:8px 16px;margin:12px 0}
         .warn{background:#fff6e0;border-left:5px solid #e0a000;padding:8px 16px;margin:12px 0}
         .charts{display:flex;flex-wrap:wrap;gap:8px}.charts img{width:560px;max-width:100%;border:1px solid #eee}
         .charts.small img{width:368px}
         code{background:#f4f4f4;padding:0 3px}.muted{color:#666;font-size:13px}
         #broken{display:none}
         """;
   /** Shows a warning when an image next to the page is missing, e.g. after copying only index.html. */
   private static final String IMAGE_CHECK = """
         window.addEventListener('load',function(){var n=0;document.querySelectorAll('img').forEach(function(i){
         if(!i.complete||i.naturalWidth===0){n++;}});document.body.setAttribute('data-broken-images',n);
         if(n>0){var b=document.getElementById('broken');b.style.display='block';
         b.textContent=n+' chart(s) could not be loaded: keep the .svg files next to this page.';}});
         """;

   /** Cells that read as numbers are right-aligned. */
   private static final Pattern NUMBER = Pattern.compile("[-+]?[0-9][0-9.,]*(%| \\(.*\\))?|NaN");
   /** Longer cells (URLs) may break anywhere, so that a table fits the page. */
   private static final int LONG = 40;

   private final String title;
   private final StringBuilder body = new StringBuilder();

   public Html(String title) {
      this.title = title;
   }

   public static String escape(String text) {
      if (text == null) {
         return "";
      }
      StringBuilder sb = new StringBuilder(text.length());
      for (char c : text.toCharArray()) {
         switch (c) {
            case '<' -> sb.append("&lt;");
            case '>' -> sb.append("&gt;");
            case '&' -> sb.append("&amp;");
            case '"' -> sb.append("&quot;");
            case '\'' -> sb.append("&#39;");
            default -> sb.append(c);
         }
      }
      return sb.toString();
   }

   /** A link; {@code href} is relative to the page. */
   public static String link(String href, String text) {
      return "<a href=\"" + escape(href) + "\">" + escape(text) + "</a>";
   }

   public static String code(String text) {
      return "<code>" + escape(text) + "</code>";
   }

   public Html h1(String text) {
      return tag("h1", text);
   }

   public Html h2(String text, String id) {
      body.append("<h2 id=\"").append(escape(id)).append("\">").append(escape(text)).append("</h2>\n");
      return this;
   }

   public Html h3(String text) {
      return tag("h3", text);
   }

   public Html p(String text) {
      return tag("p", text);
   }

   public Html pHtml(String html) {
      body.append("<p>").append(html).append("</p>\n");
      return this;
   }

   /** A highlighted block: {@code kind} is "answer" or "warn". */
   public Html boxHtml(String kind, String html) {
      body.append("<div class=\"").append(kind).append("\">").append(html).append("</div>\n");
      return this;
   }

   public Html listHtml(List<String> items) {
      body.append("<ul>\n");
      items.forEach(item -> body.append("<li>").append(item).append("</li>\n"));
      body.append("</ul>\n");
      return this;
   }

   public Html table(Table table) {
      return table(table, List.of());
   }

   /** A table whose first cells link to {@code links}, row by row (null or missing: no link). */
   public Html table(Table table, List<String> links) {
      body.append("<table>\n<tr>");
      table.headers().forEach(h -> body.append("<th>").append(escape(h)).append("</th>"));
      body.append("</tr>\n");
      List<List<String>> rows = table.rows();
      for (int r = 0; r < rows.size(); r++) {
         String rowClass = table.rowClass(r);
         body.append(rowClass == null ? "<tr>" : "<tr class=\"" + escape(rowClass) + "\">");
         List<String> row = rows.get(r);
         for (int c = 0; c < row.size(); c++) {
            String link = c == 0 && r < links.size() ? links.get(r) : null;
            String cell = row.get(c);
            body.append(cellTag(cell)).append(link == null ? escape(cell) : link(link, cell)).append("</td>");
         }
         body.append("</tr>\n");
      }
      body.append("</table>\n");
      return this;
   }

   private static String cellTag(String cell) {
      if (NUMBER.matcher(cell).matches()) {
         return "<td class=\"num\">";
      }
      return cell.length() > LONG ? "<td class=\"long\">" : "<td>";
   }

   /** Images side by side; each is {@code {file, alt text}}. */
   public Html images(List<String[]> images) {
      return images(images, "charts");
   }

   /** Small images side by side (small multiples). */
   public Html smallImages(List<String[]> images) {
      return images(images, "charts small");
   }

   private Html images(List<String[]> images, String cssClass) {
      body.append("<div class=\"").append(cssClass).append("\">\n");
      for (String[] image : images) {
         body.append("<img src=\"").append(escape(image[0])).append("\" alt=\"").append(escape(image[1]))
               .append("\">\n");
      }
      body.append("</div>\n");
      return this;
   }

   private Html tag(String tag, String text) {
      body.append('<').append(tag).append('>').append(escape(text)).append("</").append(tag).append(">\n");
      return this;
   }

   public String page() {
      return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
            + "<title>" + escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n"
            + "<div id=\"broken\" class=\"warn\"></div>\n" + body
            + "<script>\n" + IMAGE_CHECK + "</script>\n</body>\n</html>\n";
   }
}
