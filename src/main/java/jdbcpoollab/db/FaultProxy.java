package jdbcpoollab.db;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on loopback that can make the database unreachable for the pools behind it, in one of two ways:
 * {@link #refuse} (every connection closed and the port closed, so a new one is refused) or {@link #blackhole}
 * (connections accepted and nothing answered, no reset, as behind a firewall that drops packets). Bytes held during a
 * black hole flow on, in order, when it ends, as TCP's retransmissions would deliver them once a firewall stops
 * dropping. The scenarios' statements are small: what a side sends is not throttled. It can also make opening a
 * connection expensive ({@link #delayConnects}: only the handshake is late, the round trips after it are not) and
 * cut every connection at a given age ({@link #cutAfter}), as a firewall or load balancer with a connection time
 * limit does. Opened and closed by the run that uses it.
 */
public final class FaultProxy implements AutoCloseable {
   private final String upstreamHost;
   private final int upstreamPort;
   private final LoopbackNetty netty = new LoopbackNetty();
   private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
   private final ChannelGroup upstream = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
   private final List<Pair> pairs = new ArrayList<>();
   private final int port;
   private Channel server;
   private volatile boolean holding;
   private volatile long connectDelayNanos;
   private volatile long cutAfterNanos;
   private final ProxyCounts counts = new ProxyCounts();

   private FaultProxy(String upstreamHost, int upstreamPort) {
      this.upstreamHost = upstreamHost;
      this.upstreamPort = upstreamPort;
      try {
         server = bind(0);
      } catch (RuntimeException e) {
         netty.close();
         throw new IllegalStateException("the fault proxy could not listen on 127.0.0.1: " + e.getMessage(), e);
      }
      port = ((InetSocketAddress) server.localAddress()).getPort();
   }

   /** A proxy listening on a free loopback port, forwarding to {@code host:port} until told otherwise. */
   public static FaultProxy open(String host, int port) {
      return new FaultProxy(host, port);
   }

   private Channel bind(int onPort) {
      return netty.server().option(ChannelOption.SO_REUSEADDR, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
               @Override
               protected void initChannel(SocketChannel inbound) {
                  clients.add(inbound);
                  inbound.pipeline().addLast(new Front());
               }
            })
            .bind(new InetSocketAddress("127.0.0.1", onPort)).syncUninterruptibly().channel();
   }

   public int port() {
      return port;
   }

   /** The same database reached through this proxy. */
   public Database in(Database database) {
      return database.via("127.0.0.1:" + port);
   }

   /** The database unreachable with a reset: every connection closed, and the port closed so new ones are refused. */
   public synchronized void refuse() {
      holding = false;
      if (server != null) {
         server.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
         server = null;
      }
      clients.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
      upstream.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
   }

   /**
    * The database unreachable without a word: connections (new ones too) stay open and nothing crosses them, either
    * way, until {@link #restore}.
    */
   public synchronized void blackhole() {
      holding = true;
   }

   /** The database reachable again: the port listens (the same one), and what a black hole held flows on. */
   public synchronized void restore() {
      if (server == null) {
         server = bind(port);
      }
      holding = false;
      List<Pair> held;
      synchronized (pairs) {
         held = new ArrayList<>(pairs);
      }
      held.forEach(Pair::release);
   }

   /**
    * From now on, each new connection reaches the server {@code ms} late, so its handshake (the server speaks first)
    * takes that much longer; 0 for none. Bytes on a connection once open are not delayed.
    */
   public void delayConnects(long ms) {
      connectDelayNanos = TimeUnit.MILLISECONDS.toNanos(ms);
   }

   /** From now on, each new connection is closed {@code ms} after it was accepted, in use or not; 0 for never. */
   public void cutAfter(long ms) {
      cutAfterNanos = TimeUnit.MILLISECONDS.toNanos(ms);
   }

   /** What crossed the proxy since it opened. */
   public ProxyCounts counts() {
      return counts;
   }

   /** Client connections open through the proxy now. */
   public int open() {
      return clients.size();
   }

   /** Closes every connection through the proxy (the next pool starts on a clean proxy), the proxy staying open. */
   public void closeConnections() {
      clients.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
      upstream.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
   }

   @Override
   public synchronized void close() {
      if (server != null) {
         server.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
         server = null;
      }
      clients.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
      upstream.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
      netty.close();
   }

   /**
    * One client connection and its way to the server, on one event loop: what either side sends while the proxy
    * holds is kept, in order, and sent when it lets go.
    */
   private final class Pair {
      private final Channel inbound;
      private final Queue<Held> held = new ArrayDeque<>();
      private final long acceptedNanos = System.nanoTime();
      private Channel outbound;
      private boolean connecting;
      private boolean greeted;

      Pair(Channel inbound) {
         this.inbound = inbound;
      }

      /** Connects upstream once the proxy does not hold. On the event loop. */
      void connect() {
         if (holding || connecting || outbound != null || !inbound.isActive()) {
            return;
         }
         connecting = true;
         long late = connectDelayNanos - (System.nanoTime() - acceptedNanos);
         if (late > 0) {
            inbound.eventLoop().schedule(this::reachServer, late, TimeUnit.NANOSECONDS);
         } else {
            reachServer();
         }
      }

      /** Opens the connection to the server. On the event loop. */
      private void reachServer() {
         if (!inbound.isActive()) {
            return;
         }
         netty.client(inbound.eventLoop())
               .handler(new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                     upstream.add(channel);
                     channel.pipeline().addLast(new Relay(Pair.this, false));
                  }
               })
               .connect(upstreamHost, upstreamPort).addListener((ChannelFutureListener) f -> {
                  if (f.isSuccess() && inbound.isActive()) {
                     outbound = f.channel();
                     inbound.pipeline().addLast(new Relay(this, true));
                     flush();
                  } else {
                     f.channel().close();
                     inbound.close();
                  }
               });
      }

      /** Lets go of what was held, on the event loop. */
      void release() {
         inbound.eventLoop().execute(() -> {
            if (outbound == null) {
               connect();
            } else {
               flush();
            }
         });
      }

      /** Sends what was held and reads on, unless the proxy holds again. On the event loop. */
      private void flush() {
         while (!holding && !held.isEmpty()) {
            Held next = held.poll();
            (next.toServer() ? outbound : inbound).writeAndFlush(next.bytes());
         }
         if (!holding && outbound != null) {
            inbound.read();
            outbound.read();
         }
      }

      /** Bytes read from one side: forwarded, or kept while the proxy holds. On the event loop. */
      void read(boolean fromClient, Object msg) {
         if (!fromClient && !greeted) {
            greeted = true;
            counts.greeted(System.nanoTime() - acceptedNanos);
         }
         Channel to = fromClient ? outbound : inbound;
         if (holding || !held.isEmpty() || to == null) {
            held.add(new Held(fromClient, msg));
            return;
         }
         to.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
               close();
            }
         });
      }

      /** Reads on from a side whose bytes went out, unless the proxy holds. */
      void readMore(Channel from) {
         if (!holding && held.isEmpty()) {
            from.read();
         }
      }

      void close() {
         inbound.close();
         if (outbound != null) {
            outbound.close();
         }
         Held next;
         while ((next = held.poll()) != null) {
            ReferenceCountUtil.release(next.bytes());
         }
         synchronized (pairs) {
            pairs.remove(this);
         }
      }
   }

   /** Bytes kept while the proxy holds, and which way they go. */
   private record Held(boolean toServer, Object bytes) {
   }

   /** The client's side as it connects: its pair made, the server reached when the proxy lets it. */
   private final class Front extends ChannelInboundHandlerAdapter {
      @Override
      public void channelActive(ChannelHandlerContext ctx) {
         Pair pair = new Pair(ctx.channel());
         synchronized (pairs) {
            pairs.add(pair);
         }
         counts.accepted();
         ctx.pipeline().remove(this);
         long cutAt = cutAfterNanos;
         if (cutAt > 0) {
            ctx.channel().eventLoop().schedule(() -> {
               if (ctx.channel().isActive()) {
                  counts.cut();
                  pair.close();
               }
            }, cutAt, TimeUnit.NANOSECONDS);
         }
         pair.connect();
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
         ctx.close();
      }
   }

   /** Hands what one side reads to its pair; either side closing closes both. */
   private final class Relay extends ChannelInboundHandlerAdapter {
      private final Pair pair;
      private final boolean fromClient;

      Relay(Pair pair, boolean fromClient) {
         this.pair = pair;
         this.fromClient = fromClient;
      }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
         if (msg instanceof ByteBuf) {
            pair.read(fromClient, msg);
         } else {
            ReferenceCountUtil.release(msg);
         }
      }

      @Override
      public void channelReadComplete(ChannelHandlerContext ctx) {
         pair.readMore(ctx.channel());
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
         pair.close();
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
         pair.close();
      }
   }
}
