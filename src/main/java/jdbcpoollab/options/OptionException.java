package jdbcpoollab.options;

/** Bad user input: the message is the one line the user sees. */
public final class OptionException extends IllegalArgumentException {
   public OptionException(String message) {
      super(message);
   }
}
