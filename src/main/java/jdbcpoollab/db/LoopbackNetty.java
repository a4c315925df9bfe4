package jdbcpoollab.db;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.util.concurrent.TimeUnit;

/**
 * The Netty transport of the lab's proxies on loopback: epoll where the platform has it, else NIO, on two event
 * loops; every channel reads only when its relay asks (no auto-read) and sends at once (no Nagle).
 */
final class LoopbackNetty {
   private final boolean epoll = Epoll.isAvailable();
   private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2,
         epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());

   /** The listening side; its accepted channels read only when asked. */
   ServerBootstrap server() {
      return new ServerBootstrap().group(group)
            .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
            .childOption(ChannelOption.AUTO_READ, false)
            .childOption(ChannelOption.TCP_NODELAY, true);
   }

   /** A connection to the server on {@code loop}, the event loop of the client connection it serves. */
   Bootstrap client(EventLoop loop) {
      return new Bootstrap().group(loop).channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
            .option(ChannelOption.AUTO_READ, false)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5_000);
   }

   /** Ends the event loops, waiting a few seconds at most. */
   void close() {
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
   }
}
