package jdbcpoollab.report;

import jdbcpoollab.measure.FaultSample;

import java.nio.file.Path;
import java.util.List;

/**
 * The charts of a scenario beyond steady state, one set per source from its samples: what completed and failed per
 * interval, what the pool held, and the interval's acquire P99; dotted lines where the scenario changed.
 */
public final class FaultCharts {
   private FaultCharts() {
   }

   /** Writes the source's three charts into {@code dir}; each is {file, alt text} for the page. */
   public static List<String[]> write(Path dir, String scenario, String source, List<FaultSample> samples,
                                      double... markersMs) {
      double[] t = samples.stream().mapToDouble(s -> s.ms() / 1000).toArray();
      String base = scenario.toLowerCase() + "-" + source.replaceAll("[^A-Za-z0-9]+", "-");
      String ops = base + "-operations.svg";
      String pool = base + "-connections.svg";
      String acquire = base + "-acquire.svg";
      marked(new LineChart(source + ": operations per interval", "seconds", "operations"), markersMs)
            .measured("completed", t, samples.stream().mapToDouble(FaultSample::completed).toArray())
            .measured("failed", t, samples.stream().mapToDouble(FaultSample::failed).toArray())
            .writeSvg(dir.resolve(ops), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      marked(new LineChart(source + ": connections and waiters", "seconds", "count"), markersMs)
            .measured("active", t, known(samples.stream().mapToDouble(FaultSample::active).toArray()))
            .measured("idle", t, known(samples.stream().mapToDouble(FaultSample::idle).toArray()))
            .measured("waiting", t, known(samples.stream().mapToDouble(FaultSample::waiting).toArray()))
            .measured("open through the proxy", t,
                  samples.stream().mapToDouble(FaultSample::proxyConnections).toArray())
            .measured("in getConnection", t, samples.stream().mapToDouble(FaultSample::inGetConnection).toArray())
            .writeSvg(dir.resolve(pool), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      marked(new LineChart(source + ": getConnection per interval", "seconds", "ms"), markersMs)
            .measured("P99", t, samples.stream().mapToDouble(FaultSample::acquireP99Ms).toArray())
            .measured("max", t, samples.stream().mapToDouble(FaultSample::acquireMaxMs).toArray())
            .writeSvg(dir.resolve(acquire), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      return List.of(new String[] {ops, source + ": operations completed and failed per interval"},
            new String[] {pool, source + ": active, idle, waiting, connections through the proxy, users in"
                  + " getConnection"},
            new String[] {acquire, source + ": getConnection P99 and max per interval"});
   }

   private static LineChart marked(LineChart chart, double... markersMs) {
      for (double ms : markersMs) {
         chart.marker(ms / 1000);
      }
      return chart;
   }

   /** A count the library cannot tell (-1) left out of the chart. */
   private static double[] known(double[] values) {
      double[] out = values.clone();
      for (int i = 0; i < out.length; i++) {
         out[i] = out[i] < 0 ? Double.NaN : out[i];
      }
      return out;
   }
}
