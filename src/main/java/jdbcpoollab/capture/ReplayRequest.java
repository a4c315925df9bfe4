package jdbcpoollab.capture;

import java.util.List;

/**
 * What a replay sends on one connection it holds: a transaction (its start, its statements and its end, each with
 * its offset from the request's start) or one autocommit statement.
 *
 * @param arrivalMicros when the request arrives, µs after the capture's start
 * @param connection    the captured connection it came from
 * @param transaction   whether it is a transaction rather than one autocommit statement
 * @param statements    its statements in order, the first at offset 0
 */
public record ReplayRequest(long arrivalMicros, long connection, boolean transaction,
      List<TimedStatement> statements) {
   public ReplayRequest {
      statements = List.copyOf(statements);
   }

   /** The same request arriving {@code speed} times sooner after the capture's start; its own gaps stay. */
   public ReplayRequest sped(double speed) {
      return new ReplayRequest(Math.round(arrivalMicros / speed), connection, transaction, statements);
   }

   /** How long the transaction held its connection before its end started: the last statement's offset. */
   public long heldMicros() {
      return statements.get(statements.size() - 1).offsetMicros();
   }
}
