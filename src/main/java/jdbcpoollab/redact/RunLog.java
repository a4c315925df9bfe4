package jdbcpoollab.redact;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The logback appender of the libraries' own log events (pools, drivers, the embedded server): each kind's first
 * event on the console as one line, its stack trace left out and its repeats only counted ({@link LogKinds}); every
 * event in full, stack traces included, in the run folder's {@value #FILE} once the run has one (those before it are
 * held until then). Both pass through the {@link Redactor}. The patterns are the logback configuration's.
 */
public final class RunLog extends AppenderBase<ILoggingEvent> {
   public static final String FILE = "lab.log";
   /** Events held before the run folder exists; beyond these, counted and left out of the file. */
   private static final int HELD = 10_000;

   private static final Object LOCK = new Object();
   private static LogKinds kinds = new LogKinds();
   private static final List<String> held = new ArrayList<>();
   /** Opened for each event and closed again: a file held open would pin its folder's disk (an unmount, a delete). */
   private static Path file;

   private final PatternLayout consoleLayout = new PatternLayout();
   private final PatternLayout fileLayout = new PatternLayout();

   /** The console's one line per event, as a logback pattern (without the stack trace). */
   public void setConsolePattern(String pattern) {
      consoleLayout.setPattern(pattern);
   }

   /** The file's full event, as a logback pattern (with the stack trace). */
   public void setFilePattern(String pattern) {
      fileLayout.setPattern(pattern);
   }

   @Override
   public void start() {
      consoleLayout.setPostCompileProcessor(null); // no stack trace appended to the console's line
      for (PatternLayout layout : List.of(consoleLayout, fileLayout)) {
         layout.setContext(getContext());
         layout.start();
      }
      super.start();
   }

   @Override
   protected void append(ILoggingEvent event) {
      String full = Redactor.text(fileLayout.doLayout(event));
      synchronized (LOCK) {
         if (kinds.count(event.getLoggerName(), event.getLevel().toString(), event.getFormattedMessage())) {
            System.out.print(Redactor.text(consoleLayout.doLayout(event)));
            System.out.flush();
         }
         if (file != null) {
            try {
               Files.writeString(file, full, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                     StandardOpenOption.APPEND);
            } catch (IOException e) {
               file = null; // a full disk: the run's own files say so; the console keeps its lines
            }
         } else if (held.size() < HELD) {
            held.add(full);
         }
      }
   }

   /**
    * From now on every event goes to {@code runFolder}'s {@value #FILE}, those held so far first; a run folder
    * after another (several runs in one JVM) starts its counts afresh.
    */
   public static void writeTo(Path runFolder) throws IOException {
      synchronized (LOCK) {
         if (file != null) {
            kinds = new LogKinds();
         }
         Files.writeString(runFolder.resolve(FILE), String.join("", held), StandardCharsets.UTF_8);
         file = runFolder.resolve(FILE);
         held.clear();
      }
   }

   /** The run's log events so far and their kinds. */
   public record Counts(long events, int kinds) {
   }

   public static Counts counts() {
      synchronized (LOCK) {
         return new Counts(kinds.events(), kinds.kinds());
      }
   }
}
