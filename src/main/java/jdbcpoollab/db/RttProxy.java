package jdbcpoollab.db;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on loopback that delays every byte by half a round trip in each direction, so that a statement's time
 * grows by {@code rttMs} as if the database were that far away. Bytes keep their order (one event loop per
 * connection pair, delays all equal); each direction stops reading while more than {@link #MAX_PENDING} bytes are
 * in flight, so the buffers stay bounded. Opened and closed by the run that uses it.
 */
public final class RttProxy implements AutoCloseable {
   static final long MAX_PENDING = 1 << 20;

   private final int rttMs;
   private final long halfNanos;
   private final LoopbackNetty netty = new LoopbackNetty();
   private final Channel server;

   private RttProxy(int rttMs, String upstreamHost, int upstreamPort) {
      this.rttMs = rttMs;
      this.halfNanos = TimeUnit.MICROSECONDS.toNanos(rttMs * 500L);
      try {
         server = netty.server()
               .childHandler(new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel inbound) {
                     inbound.pipeline().addLast(new Front(upstreamHost, upstreamPort));
                  }
               })
               .bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
      } catch (RuntimeException e) {
         netty.close();
         throw new IllegalStateException("the round-trip proxy could not listen on 127.0.0.1: " + e.getMessage(), e);
      }
   }

   /** A proxy listening on a free loopback port, forwarding to {@code host:port} with {@code rttMs} added. */
   public static RttProxy open(int rttMs, String host, int port) {
      if (rttMs < 0) {
         throw new IllegalArgumentException("rttMs must be 0 or more: " + rttMs);
      }
      return new RttProxy(rttMs, host, port);
   }

   public int rttMs() {
      return rttMs;
   }

   public int port() {
      return ((InetSocketAddress) server.localAddress()).getPort();
   }

   /** The same database reached through this proxy. */
   public Database in(Database database) {
      return database.via("127.0.0.1:" + port());
   }

   @Override
   public void close() {
      server.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
      netty.close();
   }

   /** The client's side: connects upstream on the same event loop, then relays both ways. */
   private final class Front extends ChannelInboundHandlerAdapter {
      private final String host;
      private final int port;

      Front(String host, int port) {
         this.host = host;
         this.port = port;
      }

      @Override
      public void channelActive(ChannelHandlerContext ctx) {
         Channel inbound = ctx.channel();
         netty.client(inbound.eventLoop())
               .handler(new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel outbound) {
                     outbound.pipeline().addLast(new Relay(inbound));
                  }
               })
               .connect(host, port).addListener((ChannelFutureListener) f -> {
                  if (f.isSuccess() && !inbound.isActive()) {
                     f.channel().close();
                  } else if (f.isSuccess()) {
                     inbound.pipeline().addLast(new Relay(f.channel()));
                     inbound.pipeline().remove(this);
                     inbound.read();
                     f.channel().read();
                  } else {
                     inbound.close();
                  }
               });
      }
   }

   /** Forwards what one side reads to {@code to}, each chunk half a round trip later. */
   private final class Relay extends ChannelInboundHandlerAdapter {
      private final Channel to;
      private final AtomicLong pending = new AtomicLong();

      Relay(Channel to) {
         this.to = to;
      }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
         int bytes = ((ByteBuf) msg).readableBytes();
         pending.addAndGet(bytes);
         Channel from = ctx.channel();
         Runnable forward = () -> {
            if (!to.isActive()) {
               ReferenceCountUtil.release(msg);
               return;
            }
            to.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
               if (pending.addAndGet(-bytes) <= MAX_PENDING / 2) {
                  from.read();
               }
               if (!f.isSuccess()) {
                  from.close();
               }
            });
         };
         if (halfNanos == 0) {
            forward.run();
         } else {
            from.eventLoop().schedule(forward, halfNanos, TimeUnit.NANOSECONDS);
         }
      }

      @Override
      public void channelReadComplete(ChannelHandlerContext ctx) {
         if (pending.get() <= MAX_PENDING) {
            ctx.channel().read();
         }
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
         to.eventLoop().schedule(() -> to.close(), halfNanos, TimeUnit.NANOSECONDS);
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
         ctx.close();
      }
   }
}
