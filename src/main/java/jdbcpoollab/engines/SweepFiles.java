package jdbcpoollab.engines;

import jdbcpoollab.load.Step;
import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.TimelinePoint;
import jdbcpoollab.report.KindsTable;
import jdbcpoollab.report.ShapesTable;
import jdbcpoollab.report.TimelineFile;

import java.util.ArrayList;
import java.util.List;
import jdbcpoollab.run.Lab;
import jdbcpoollab.runoptions.PoolSweepOptions;

/**
 * What PoolSweep adds to its run folder as each step finishes: the kinds of a mixed step, the steps by the
 * connections the database saw, the pools' timeline and the histograms -Dmerge reads.
 */
final class SweepFiles {
   private final Lab lab;
   private final PoolSweepOptions options;
   private final List<TimelinePoint> timeline = new ArrayList<>();
   private final KindsTable kinds = new KindsTable();
   private final HistogramLog histograms = new HistogramLog();
   private final ShapesTable shapes = new ShapesTable();

   SweepFiles(Lab lab, PoolSweepOptions options) {
      this.lab = lab;
      this.options = options;
   }

   /** A step has finished as {@code r}: its rows and files are added, each written again whole. */
   void stepFinished(Step step, StepResult r, StepRecorder recorder, SweepPlace place, int serverMaxConnections) {
      writeShapes(place, r, serverMaxConnections);
      writeKinds(recorder, r);
      writeTimeline(step);
      writeHistograms(recorder);
   }

   /** The step's pool over time, added to the run's timeline.csv. */
   private void writeTimeline(Step step) {
      synchronized (timeline) {
         timeline.addAll(step.timeline());
         try {
            TimelineFile.write(lab.folder(), timeline);
         } catch (RuntimeException e) {
            lab.progress(TimelineFile.NAME + " could not be written: " + e.getMessage());
         }
      }
   }

   /** The step's histograms, added to the run's histograms.hlog (what -Dmerge merges). */
   private void writeHistograms(StepRecorder recorder) {
      try {
         histograms.add(recorder.histograms(), lab.folder());
      } catch (RuntimeException e) {
         lab.progress(HistogramLog.NAME + " could not be written: " + e.getMessage());
      }
   }

   /** A sweep of instances or virtual threads: its steps by the connections the database saw, and their knee. */
   private void writeShapes(SweepPlace place, StepResult r, int serverMaxConnections) {
      if (!options.shaped()) {
         return;
      }
      synchronized (shapes) {
         shapes.add(options.fleetLabel(place.workload(), place.rtt()) + (r.source().isEmpty() ? "" : " "
               + r.source()), place.instances(), r, serverMaxConnections);
         lab.section(ShapesTable.KEY, ShapesTable.TITLE, shapes.table(), shapes.rows(), ShapesTable.NOTE);
      }
   }

   /** Each kind of a mixed step apart, in the same window. */
   private void writeKinds(StepRecorder recorder, StepResult r) {
      synchronized (kinds) {
         if (kinds.add(r, recorder.kinds().values())) {
            lab.section(KindsTable.KEY, KindsTable.TITLE, kinds.table(), kinds.rows(), KindsTable.NOTE);
         }
      }
   }
}
