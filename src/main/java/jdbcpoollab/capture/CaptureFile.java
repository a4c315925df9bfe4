package jdbcpoollab.capture;

import jdbcpoollab.files.AtomicFile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The capture file, UTF-8 text: a header line {@code jdbc-pool-lab capture <version> <product> <span µs>}, then one
 * line per statement: {@code <connection> TAB <start µs> TAB <sent> TAB <text>}, where {@code <sent>} is {@code p}
 * for a statement the application sent prepared and {@code t} for one it sent as text, the text escaped to one line
 * ({@code \\}, {@code \n}, {@code \r}, {@code \t}, other control characters as {@code \}{@code uXXXX}). Version 1,
 * written before the flag, has no {@code <sent>} field: its statements are read as text. A file of another version,
 * or one that does not parse, is refused in one line that names the line: one cut off (no line end), a start outside
 * the capture's duration, a flag other than {@code p} or {@code t}, a duration over {@link #MAX_SPAN_MICROS}, bytes
 * that are not UTF-8.
 */
public final class CaptureFile {
   public static final int VERSION = 2;
   /** The version before the prepared flag, still read: every statement of it as text. */
   private static final int TEXT_ONLY = 1;
   private static final String MAGIC = "jdbc-pool-lab capture";
   private static final Pattern HEADER = Pattern.compile(Pattern.quote(MAGIC) + " (\\d+) ([a-z]+) (\\d+)");
   /** The longest duration a capture file may say: 48 h (a capture lasts at most 24 h, and reading the log more). */
   public static final long MAX_SPAN_MICROS = 48L * 3600 * 1_000_000;

   private CaptureFile() {
   }

   public static void write(Path file, Capture capture) {
      AtomicFile.write(file, text(capture));
   }

   public static Capture read(Path file) {
      byte[] bytes;
      try {
         bytes = Files.readAllBytes(file);
      } catch (IOException e) {
         throw new CaptureException(CaptureException.Reason.INVALID, "cannot read the capture file " + file + ": "
               + e.getMessage());
      }
      return parse(utf8(bytes, file.toString()), file.toString());
   }

   /** The text of {@code bytes}, or one line that names the first line that is not UTF-8. */
   private static String utf8(byte[] bytes, String name) {
      int line = 1;
      int from = 0;
      StringBuilder text = new StringBuilder(bytes.length);
      for (int i = 0; i <= bytes.length; i++) {
         if (i == bytes.length || bytes[i] == '\n') {
            try {
               text.append(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                     .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, i - from)));
            } catch (CharacterCodingException e) {
               throw invalid(name + " line " + line + " is not UTF-8 text (a capture file is UTF-8)");
            }
            if (i < bytes.length) {
               text.append('\n');
            }
            line++;
            from = i + 1;
         }
      }
      return text.toString();
   }

   /** The capture as the file holds it. */
   public static String text(Capture capture) {
      StringBuilder out = new StringBuilder();
      out.append(MAGIC).append(' ').append(VERSION).append(' ').append(capture.product()).append(' ')
            .append(capture.spanMicros()).append('\n');
      for (CapturedStatement s : capture.statements()) {
         out.append(s.connection()).append('\t').append(s.startMicros()).append('\t').append(s.prepared() ? 'p' : 't')
               .append('\t').append(escape(s.text())).append('\n');
      }
      return out.toString();
   }

   /** The capture a file's text holds; {@code name} says which file in the one line that refuses it. */
   public static Capture parse(String text, String name) {
      String[] lines = text.split("\n", -1);
      Matcher header = HEADER.matcher(lines[0]);
      if (!lines[0].startsWith(MAGIC)) {
         throw invalid(name + " is not a capture file (its first line is not \"" + MAGIC + " …\")");
      }
      if (!header.matches()) {
         throw invalid(name + ": the header \"" + lines[0] + "\" does not parse");
      }
      int version = header.group(1).equals(String.valueOf(TEXT_ONLY)) ? TEXT_ONLY
            : header.group(1).equals(String.valueOf(VERSION)) ? VERSION : -1;
      if (version < 0) {
         throw invalid(name + " is a capture of format version " + header.group(1) + "; this lab reads version "
               + TEXT_ONLY + " or " + VERSION);
      }
      if (!lines[lines.length - 1].isEmpty()) {
         throw invalid(name + " line " + lines.length + " is cut off: it has no line end (the file is incomplete)");
      }
      long span = header.group(3).length() > 15 ? -1 : Long.parseLong(header.group(3));
      if (span < 0 || span > MAX_SPAN_MICROS) {
         throw invalid(name + ": the header's duration " + header.group(3) + " µs is not a whole number from 0 to "
               + MAX_SPAN_MICROS + " (48 h)");
      }
      List<CapturedStatement> statements = new ArrayList<>();
      for (int i = 1; i < lines.length - 1; i++) {
         statements.add(statement(lines[i], name + " line " + (i + 1), span, version == VERSION));
      }
      return new Capture(header.group(2), span, statements);
   }

   private static CapturedStatement statement(String line, String where, long span, boolean flagged) {
      String[] fields = line.split("\t", flagged ? 4 : 3);
      if (fields.length != (flagged ? 4 : 3)) {
         throw invalid(where + ": not connection, start" + (flagged ? ", p or t" : "") + " and text separated by tabs");
      }
      if (flagged && !fields[2].equals("p") && !fields[2].equals("t")) {
         throw invalid(where + ": the statement is sent p (prepared) or t (text), not \"" + fields[2] + "\"");
      }
      long connection;
      long start;
      try {
         connection = Long.parseLong(fields[0]);
         start = Long.parseLong(fields[1]);
      } catch (NumberFormatException e) {
         throw invalid(where + ": the connection and the start are whole numbers");
      }
      if (connection < 0) {
         throw invalid(where + ": the connection " + connection + " is negative");
      }
      if (start < 0 || start > span) {
         throw invalid(where + ": the start " + start + " µs is outside the capture's duration, 0 to " + span
               + " µs (the header's)");
      }
      try {
         return new CapturedStatement(connection, start, unescape(fields[fields.length - 1]),
               flagged && fields[2].equals("p"));
      } catch (IllegalArgumentException e) {
         throw invalid(where + ": " + e.getMessage());
      }
   }

   static String escape(String text) {
      StringBuilder out = new StringBuilder(text.length());
      for (char c : text.toCharArray()) {
         switch (c) {
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
               if (c < 0x20 || c == 0x7f) {
                  out.append(String.format("\\u%04x", (int) c));
               } else {
                  out.append(c);
               }
            }
         }
      }
      return out.toString();
   }

   static String unescape(String text) {
      StringBuilder out = new StringBuilder(text.length());
      for (int i = 0; i < text.length(); i++) {
         char c = text.charAt(i);
         if (c != '\\') {
            out.append(c);
            continue;
         }
         char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
         i++;
         switch (next) {
            case '\\' -> out.append('\\');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'u' -> {
               if (i + 5 > text.length() || !text.substring(i + 1, i + 5).matches("[0-9a-fA-F]{4}")) {
                  throw new IllegalArgumentException("a \\u escape takes four hex digits");
               }
               out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
               i += 4;
            }
            default -> throw new IllegalArgumentException("an unknown escape \\" + next);
         }
      }
      return out.toString();
   }

   private static CaptureException invalid(String message) {
      return new CaptureException(CaptureException.Reason.INVALID, message);
   }
}
