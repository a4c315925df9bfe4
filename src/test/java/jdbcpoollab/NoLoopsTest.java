package jdbcpoollab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * No loop of classes inside a room: MutualUseTest sees two classes that use each other, this test sees any longer
 * loop, such as {@code a -> b -> c -> a}, that it misses. A class uses another as MutualUseTest reads it (by
 * import, by full name, or by simple name within the package); uses between rooms are RoomsTest's, and leave the
 * room, so they close no loop here.
 */
class NoLoopsTest {
   @Test
   void noLoopInsideARoom() throws IOException {
      List<String> loops = loops(MutualUseTest.engineSources());
      assertEquals(List.of(), loops, "classes in a loop:\n" + String.join("\n", loops));
   }

   @Test
   void aLoopOfThreeClassesIsFound() {
      Map<String, String> sources = Map.of(
            "measure.Recorder", """
                  package jdbcpoollab.measure;

                  final class Recorder {
                     private final Users users = new Users();
                  }
                  """,
            "measure.Users", """
                  package jdbcpoollab.measure;

                  import static jdbcpoollab.measure.Sample.UNSET;

                  final class Users {
                  }
                  """,
            "measure.Sample", """
                  package jdbcpoollab.measure;

                  /** Not read by a {@link Users}. */
                  final class Sample {
                     static final int UNSET = -1;
                     private final jdbcpoollab.measure.Recorder recorder = null;
                  }
                  """);
      assertEquals(List.of("measure.Recorder -> measure.Users -> measure.Sample -> measure.Recorder"),
            loops(sources));
   }

   @Test
   void aChainIsNoLoopAndNeitherIsOneThroughAnotherRoom() {
      Map<String, String> sources = Map.of(
            "measure.Recorder", """
                  package jdbcpoollab.measure;

                  final class Recorder {
                     private final Users users = new Users();
                  }
                  """,
            "measure.Users", """
                  package jdbcpoollab.measure;

                  import static jdbcpoollab.measure.Sample.UNSET;

                  final class Users {
                     private final jdbcpoollab.load.Step step = null;
                  }
                  """,
            "measure.Sample", """
                  package jdbcpoollab.measure;

                  /** Read by a {@link Recorder}'s {@link Users}, and says "Recorder". */
                  final class Sample {
                     static final int UNSET = -1;
                  }
                  """,
            "load.Step", """
                  package jdbcpoollab.load;

                  import jdbcpoollab.measure.Recorder;

                  final class Step {
                  }
                  """);
      assertEquals(List.of(), loops(sources));
   }

   /**
    * Each loop inside a room, as a path from a class back to itself such as {@code measure.A -> measure.B ->
    * measure.A}: for each group of classes that reach each other (a strongly connected component of more than one
    * class), the shortest loop through its first class not yet in a loop listed, until every class of the group is.
    */
   static List<String> loops(Map<String, String> sources) {
      Map<String, Set<String>> uses = new TreeMap<>();
      sources.forEach((name, source) -> uses.put(name, new TreeSet<>(MutualUseTest.used(name, source,
            sources.keySet()).stream().filter(used -> room(used).equals(room(name))).toList())));
      List<String> loops = new ArrayList<>();
      for (Set<String> group : new Components(uses).groups) {
         Set<String> listed = new TreeSet<>();
         for (String start : group) {
            if (listed.add(start)) {
               List<String> path = shortestLoop(start, group, uses);
               listed.addAll(path);
               loops.add(String.join(" -> ", path) + " -> " + start);
            }
         }
      }
      return loops;
   }

   /** The classes of the shortest loop from {@code start} back to it within {@code group}, {@code start} first. */
   private static List<String> shortestLoop(String start, Set<String> group, Map<String, Set<String>> uses) {
      Map<String, String> reachedFrom = new HashMap<>();
      Deque<String> next = new ArrayDeque<>(List.of(start));
      while (!next.isEmpty()) {
         String name = next.poll();
         for (String used : uses.get(name)) {
            if (used.equals(start)) {
               List<String> path = new ArrayList<>();
               for (String at = name; at != null; at = reachedFrom.get(at)) {
                  path.add(0, at);
               }
               return path;
            }
            if (group.contains(used) && !reachedFrom.containsKey(used)) {
               reachedFrom.put(used, name);
               next.add(used);
            }
         }
      }
      throw new IllegalStateException(start + " is in no loop of " + group);
   }

   /** {@code measure} for {@code measure.StepRecorder}, and for a loop that starts with it. */
   private static String room(String name) {
      return name.substring(0, name.indexOf('.'));
   }

   /** Tarjan's strongly connected components of a use graph, those of more than one class, each in name order. */
   private static final class Components {
      private final Map<String, Set<String>> uses;
      private final Map<String, Integer> index = new HashMap<>();
      private final Map<String, Integer> lowest = new HashMap<>();
      private final Deque<String> stack = new ArrayDeque<>();
      private final Set<String> onStack = new HashSet<>();
      private final List<Set<String>> groups = new ArrayList<>();

      Components(Map<String, Set<String>> uses) {
         this.uses = uses;
         uses.keySet().forEach(name -> {
            if (!index.containsKey(name)) {
               visit(name);
            }
         });
         groups.sort((a, b) -> a.iterator().next().compareTo(b.iterator().next()));
      }

      private void visit(String name) {
         index.put(name, index.size());
         lowest.put(name, index.get(name));
         stack.push(name);
         onStack.add(name);
         for (String used : uses.getOrDefault(name, Set.of())) {
            if (!index.containsKey(used)) {
               visit(used);
               lowest.put(name, Math.min(lowest.get(name), lowest.get(used)));
            } else if (onStack.contains(used)) {
               lowest.put(name, Math.min(lowest.get(name), index.get(used)));
            }
         }
         if (lowest.get(name).equals(index.get(name))) {
            Set<String> group = new TreeSet<>();
            String member;
            do {
               member = stack.pop();
               onStack.remove(member);
               group.add(member);
            } while (!member.equals(name));
            if (group.size() > 1) {
               groups.add(group);
            }
         }
      }
   }
}
