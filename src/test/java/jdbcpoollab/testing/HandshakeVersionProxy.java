package jdbcpoollab.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A loopback TCP proxy to a MySQL-protocol server that rewrites the server version of its greeting, as an older
 * server announces itself: MariaDB before 11 greets MySQL clients with {@code 5.5.5-10.11.6-MariaDB}. Everything else
 * passes through unchanged.
 */
public final class HandshakeVersionProxy implements AutoCloseable {
   private final ServerSocket listener;
   private final int upstreamPort;
   private final String version;

   public HandshakeVersionProxy(int upstreamPort, String version) {
      this.upstreamPort = upstreamPort;
      this.version = version;
      try {
         listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
      Thread acceptor = new Thread(this::accept, "handshake-proxy");
      acceptor.setDaemon(true);
      acceptor.start();
   }

   public int port() {
      return listener.getLocalPort();
   }

   private void accept() {
      while (!listener.isClosed()) {
         try {
            Socket client = listener.accept();
            Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
            greet(server.getInputStream(), client.getOutputStream());
            pipe(client.getInputStream(), server.getOutputStream(), client, server);
            pipe(server.getInputStream(), client.getOutputStream(), client, server);
         } catch (IOException e) {
            return;
         }
      }
   }

   /** Reads the greeting packet (protocol 10, then the version up to a zero byte) and sends it with our version. */
   private void greet(InputStream server, OutputStream client) throws IOException {
      byte[] header = server.readNBytes(4);
      int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
      byte[] payload = server.readNBytes(length);
      int end = 1;
      while (payload[end] != 0) {
         end++;
      }
      ByteArrayOutputStream rewritten = new ByteArrayOutputStream();
      rewritten.write(payload[0]);
      rewritten.writeBytes(version.getBytes(StandardCharsets.US_ASCII));
      rewritten.write(payload, end, payload.length - end);
      int n = rewritten.size();
      client.write(new byte[] {(byte) n, (byte) (n >> 8), (byte) (n >> 16), header[3]});
      client.write(rewritten.toByteArray());
      client.flush();
   }

   private static void pipe(InputStream in, OutputStream out, Socket a, Socket b) {
      Thread thread = new Thread(() -> {
         try (a; b) {
            in.transferTo(out);
         } catch (IOException e) {
            // either side closed
         }
      }, "handshake-proxy-pipe");
      thread.setDaemon(true);
      thread.start();
   }

   @Override
   public void close() {
      try {
         listener.close();
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }
}
