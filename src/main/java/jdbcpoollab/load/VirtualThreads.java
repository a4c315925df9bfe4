package jdbcpoollab.load;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ThreadFactory;

/**
 * A virtual thread per user (Java 21+). The lab is built for Java 17, so the Java 21 API is reached through method
 * handles, looked up once: {@code Thread.ofVirtual().factory()} and {@code Thread.isVirtual()}.
 */
final class VirtualThreads implements UserThreads {
   static final UserThreads THREADS = new VirtualThreads();
   /** Thread.ofVirtual().factory(), or null on a JVM without virtual threads. */
   private static final ThreadFactory FACTORY = factory();
   private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

   private VirtualThreads() {
   }

   @Override
   public String name() {
      return "virtual";
   }

   @Override
   public String unavailable() {
      return FACTORY != null ? null : "virtual threads need Java 21 or newer, and the load test's JVM is Java "
            + Runtime.version().feature() + " (-Dlab.java=/path/to/jdk runs it on another JDK, see docs/shapes.md)";
   }

   @Override
   public Thread thread(String name, Runnable task) {
      if (FACTORY == null) {
         throw new IllegalStateException(unavailable());
      }
      Thread thread = FACTORY.newThread(task);
      thread.setName(name);
      return thread;
   }

   static boolean isVirtual(Thread thread) {
      if (IS_VIRTUAL == null) {
         return false;
      }
      try {
         return (boolean) IS_VIRTUAL.invokeExact(thread);
      } catch (Throwable e) {
         throw new IllegalStateException("Thread.isVirtual failed", e);
      }
   }

   private static ThreadFactory factory() {
      try {
         Class<?> builder = Class.forName("java.lang.Thread$Builder");
         Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
         MethodHandles.Lookup lookup = MethodHandles.publicLookup();
         Object virtual = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual)).invoke();
         return (ThreadFactory) lookup.findVirtual(builder, "factory", MethodType.methodType(ThreadFactory.class))
               .invoke(virtual);
      } catch (Throwable e) {
         // no such API before Java 21 (a preview one on 19 and 20, refused without --enable-preview)
         return null;
      }
   }

   private static MethodHandle isVirtualHandle() {
      try {
         return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(
               boolean.class));
      } catch (NoSuchMethodException | IllegalAccessException e) {
         return null;
      }
   }
}
