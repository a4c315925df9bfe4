package jdbcpoollab.capture;

/** A capture that cannot be taken or used, said in one line: the user lacks a privilege, or the capture is unfit. */
public final class CaptureException extends RuntimeException {
   /**
    * Why: a privilege the database user lacks, a capture that does not parse or does not fit the target, or another
    * capture of the same server under way.
    */
   public enum Reason {
      PRIVILEGE, INVALID, BUSY
   }

   private final Reason reason;

   public CaptureException(Reason reason, String message) {
      super(message);
      this.reason = reason;
   }

   public Reason reason() {
      return reason;
   }
}
