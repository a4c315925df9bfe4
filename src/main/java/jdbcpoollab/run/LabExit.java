package jdbcpoollab.run;

/** A run that cannot go on: its exit code, and the one line that says why ({@link Exit#now}). */
public final class LabExit extends RuntimeException {
   private final int code;

   LabExit(int code, String message) {
      super(message);
      this.code = code;
   }

   public int code() {
      return code;
   }
}
