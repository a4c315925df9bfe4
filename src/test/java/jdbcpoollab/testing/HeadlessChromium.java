package jdbcpoollab.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, for checking a page as a browser shows it: installed when missing, started with a
 * fresh profile and no background traffic, every run bounded in time.
 */
public final class HeadlessChromium {
   public static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
   private static final Duration LIMIT = Duration.ofSeconds(90);
   private static final String REPORT_SCROLL_WIDTH = "<script>window.addEventListener('load',function(){"
         + "document.body.setAttribute('data-scroll-width',document.documentElement.scrollWidth);});</script>";
   private static final Pattern SCROLL_WIDTH = Pattern.compile("data-scroll-width=\"(\\d+)\"");
   private static final String REPORT_IMAGE_WIDTHS = "<script>window.addEventListener('load',function(){"
         + "document.querySelectorAll('img').forEach(function(i){i.setAttribute('data-natural-width',i.naturalWidth);"
         + "});});</script>";
   private static final Pattern IMAGE_WIDTH =
         Pattern.compile("<img src=\"([^\"]+)\"[^>]*data-natural-width=\"(\\d+)\"");

   /** What the browser printed: the DOM or nothing on standard output, and its log (console messages included). */
   public record Output(String text) {
      /** Messages the page wrote to the browser console, errors included. */
      public List<String> consoleMessages() {
         return text.lines().filter(line -> line.contains(":CONSOLE")).toList();
      }
   }

   private HeadlessChromium() {
   }

   /** @return null when Chromium is ready, otherwise why it could not be installed */
   public static String ensure() {
      return DebianPackages.ensure(EXECUTABLE, "chromium");
   }

   /** The page's DOM after its load event: images loaded, scripts run. */
   public static Output dumpDom(Path page) throws IOException {
      return run(List.of("--dump-dom"), page);
   }

   /**
    * The page's document scrollWidth after its load event in a window {@code width} px wide, scroll bars hidden: above
    * {@code width} the page scrolls sideways. Measured on a copy next to the page, so its images load as for it.
    */
   public static int scrollWidth(Path page, int width) throws IOException {
      Path probe = page.resolveSibling("scroll-width-" + page.getFileName());
      Files.writeString(probe, Files.readString(page).replace("</body>", REPORT_SCROLL_WIDTH + "</body>"));
      try {
         String dom = run(List.of("--hide-scrollbars", "--window-size=" + width + ",900", "--dump-dom"), probe).text();
         Matcher m = SCROLL_WIDTH.matcher(dom);
         if (!m.find()) {
            throw new IllegalStateException("the page reported no scrollWidth: " + dom);
         }
         return Integer.parseInt(m.group(1));
      } finally {
         Files.deleteIfExists(probe);
      }
   }

   /**
    * Each image's naturalWidth after the page's load event, by its src, within {@code limit}: 0 for one that did not
    * load. Measured on a copy next to the page, so its images load as for it.
    */
   public static Map<String, Integer> imageWidths(Path page, Duration limit) throws IOException {
      Path probe = page.resolveSibling("image-widths-" + page.getFileName());
      Files.writeString(probe, Files.readString(page).replace("</body>", REPORT_IMAGE_WIDTHS + "</body>"));
      try {
         Matcher m = IMAGE_WIDTH.matcher(run(List.of("--dump-dom"), probe, limit).text());
         Map<String, Integer> widths = new LinkedHashMap<>();
         while (m.find()) {
            widths.put(m.group(1), Integer.parseInt(m.group(2)));
         }
         return widths;
      } finally {
         Files.deleteIfExists(probe);
      }
   }

   public static Output screenshot(Path page, Path png, int width, int height) throws IOException {
      return run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
            "--screenshot=" + png.toAbsolutePath()), page);
   }

   private static Output run(List<String> action, Path page) throws IOException {
      return run(action, page, LIMIT);
   }

   private static Output run(List<String> action, Path page, Duration limit) throws IOException {
      Path profile = Files.createTempDirectory("chromium-profile");
      try {
         List<String> command = new ArrayList<>(List.of(EXECUTABLE.toString(), "--headless", "--no-sandbox",
               "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--disable-quic", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
         command.addAll(action);
         command.add(page.toAbsolutePath().toUri().toString());
         Command.Result result = Command.run(command, null, Map.of(), limit);
         if (result.failure() != null) {
            throw new IllegalStateException(result.failure());
         }
         return new Output(result.output());
      } finally {
         deleteTree(profile);
      }
   }

   /** Best effort: a helper process may still be closing its files in the profile. */
   private static void deleteTree(Path dir) {
      try (Stream<Path> files = Files.walk(dir)) {
         for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(p);
         }
      } catch (IOException e) {
         // left for the temporary folder's cleaner
      }
   }
}
