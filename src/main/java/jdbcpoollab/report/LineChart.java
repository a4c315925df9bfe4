package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * A line chart against a numeric x axis, drawn by JFreeChart and written as an SVG file. Measured series are solid
 * lines with points; model series (ceilings, fits) are dashed lines without points.
 */
public final class LineChart {
   private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
         new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0x7f7f7f)};
   private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
   private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

   private final String title;
   private final String xLabel;
   private final String yLabel;
   private final XYSeriesCollection data = new XYSeriesCollection();
   private final List<Boolean> dashed = new ArrayList<>();
   private final List<ValueMarker> markers = new ArrayList<>();
   private final YIntervalSeriesCollection intervals = new YIntervalSeriesCollection();
   private final XYSeriesCollection second = new XYSeriesCollection();
   private String secondLabel;
   private boolean log2X;
   private boolean countX;
   private double logYFloor = Double.NaN;
   private Double yMax;

   public LineChart(String title, String xLabel, String yLabel) {
      this.title = title;
      this.xLabel = xLabel;
      this.yLabel = yLabel;
   }

   /** x on a base-2 logarithmic axis with a tick at every power of two. */
   public LineChart log2X() {
      log2X = true;
      return this;
   }

   /** x counts (1, 2, 3, …): whole-number ticks only, half a step of room at either end. */
   public LineChart countX() {
      countX = true;
      return this;
   }

   /** y on a base-10 logarithmic axis; values below {@code floor} (zeros included) are drawn at the floor. */
   public LineChart logY(double floor) {
      logYFloor = floor;
      return this;
   }

   /** Fixes the top of a linear y axis (the bottom is 0). */
   public LineChart yUpTo(double max) {
      yMax = max;
      return this;
   }

   public LineChart measured(String name, double[] x, double[] y) {
      return series(name, x, y, false);
   }

   public LineChart model(String name, double[] x, double[] y) {
      return series(name, x, y, true);
   }

   /**
    * A measured series with a 95% interval around each point, drawn as error bars (for repeated sweeps); the
    * series itself is drawn as {@link #measured} draws it.
    */
   public LineChart measured(String name, double[] x, double[] y, double[] low, double[] high) {
      series(name, x, y, false);
      YIntervalSeries bars = new YIntervalSeries(name + " (95% interval)", false, true);
      for (int i = 0; i < x.length; i++) {
         if (Double.isFinite(x[i]) && Double.isFinite(y[i]) && Double.isFinite(low[i]) && Double.isFinite(high[i])) {
            bars.add(x[i], floor(y[i]), floor(low[i]), floor(high[i]));
         }
      }
      intervals.addSeries(bars);
      return this;
   }

   /** A measured series on a second y axis at the right, named {@code label}. */
   public LineChart right(String label, String name, double[] x, double[] y) {
      secondLabel = label;
      XYSeries series = new XYSeries(name, false, true);
      for (int i = 0; i < x.length; i++) {
         if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
            series.add(x[i], y[i]);
         }
      }
      second.addSeries(series);
      return this;
   }

   private double floor(double y) {
      return Double.isNaN(logYFloor) ? y : Math.max(logYFloor, y);
   }

   /** A vertical dotted line, such as at the recommended pool size. */
   public LineChart marker(double x) {
      ValueMarker marker = new ValueMarker(x, new Color(0x555555), new BasicStroke(1.2f, BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
      markers.add(marker);
      return this;
   }

   private LineChart series(String name, double[] x, double[] y, boolean isModel) {
      if (x.length != y.length) {
         throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
      }
      XYSeries series = new XYSeries(name, false, true);
      for (int i = 0; i < x.length; i++) {
         if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
            series.add(x[i], Double.isNaN(logYFloor) ? y[i] : Math.max(logYFloor, y[i]));
         }
      }
      data.addSeries(series);
      dashed.add(isModel);
      return this;
   }

   /** Writes the chart as a standalone SVG document. */
   public void writeSvg(Path file, int width, int height) {
      SVGGraphics2D g2 = new SVGGraphics2D(width, height);
      chart().draw(g2, new Rectangle2D.Double(0, 0, width, height));
      AtomicFile.write(file, g2.getSVGDocument());
   }

   private JFreeChart chart() {
      JFreeChart chart = ChartFactory.createXYLineChart(null, xLabel, yLabel, data, PlotOrientation.VERTICAL,
            true, false, false);
      chart.setTitle(new TextTitle(title, TITLE));
      chart.setBackgroundPaint(Color.WHITE);
      chart.getLegend().setItemFont(LABEL);
      XYPlot plot = chart.getXYPlot();
      plot.setBackgroundPaint(Color.WHITE);
      plot.setDomainGridlinePaint(new Color(0xdddddd));
      plot.setRangeGridlinePaint(new Color(0xdddddd));
      plot.setOutlinePaint(new Color(0xbbbbbb));
      plot.setDomainAxis(log2X ? log2Axis() : plot.getDomainAxis());
      if (countX && plot.getDomainAxis() instanceof NumberAxis x) {
         x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
         x.setRange(0.5, Math.max(1, data.getDomainUpperBound(false)) + 0.5);
      }
      if (!Double.isNaN(logYFloor)) {
         plot.setRangeAxis(logYAxis());
      } else if (yMax != null) {
         plot.getRangeAxis().setRange(0, yMax);
      }
      for (ValueAxis axis : new ValueAxis[] {plot.getDomainAxis(), plot.getRangeAxis()}) {
         axis.setLabelFont(LABEL);
         axis.setTickLabelFont(LABEL);
      }
      XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
      for (int i = 0; i < dashed.size(); i++) {
         renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
         renderer.setSeriesShapesVisible(i, !dashed.get(i));
         renderer.setSeriesStroke(i, dashed.get(i)
               ? new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {6f, 4f}, 0f)
               : new BasicStroke(2.2f));
      }
      plot.setRenderer(renderer);
      if (intervals.getSeriesCount() > 0) {
         XYErrorRenderer bars = new XYErrorRenderer();
         bars.setDrawXError(false);
         bars.setDefaultLinesVisible(false);
         bars.setDefaultShapesVisible(false);
         bars.setCapLength(6);
         bars.setErrorPaint(new Color(0x333333));
         bars.setDefaultSeriesVisibleInLegend(false);
         plot.setDataset(1, intervals);
         plot.setRenderer(1, bars);
      }
      if (second.getSeriesCount() > 0) {
         NumberAxis axis = new NumberAxis(secondLabel);
         axis.setLabelFont(LABEL);
         axis.setTickLabelFont(LABEL);
         plot.setRangeAxis(1, axis);
         plot.setDataset(2, second);
         plot.mapDatasetToRangeAxis(2, 1);
         XYLineAndShapeRenderer right = new XYLineAndShapeRenderer(true, false);
         for (int i = 0; i < second.getSeriesCount(); i++) {
            right.setSeriesPaint(i, PALETTE[(dashed.size() + i) % PALETTE.length]);
            right.setSeriesStroke(i, new BasicStroke(1.4f));
         }
         plot.setRenderer(2, right);
      }
      markers.forEach(plot::addDomainMarker);
      return chart;
   }

   private LogAxis log2Axis() {
      LogAxis axis = new LogAxis(xLabel);
      axis.setBase(2);
      axis.setTickUnit(new NumberTickUnit(1));
      axis.setNumberFormatOverride(new DecimalFormat("0"));
      axis.setMinorTickMarksVisible(false);
      double min = Double.MAX_VALUE;
      double max = 0;
      for (int i = 0; i < data.getSeriesCount(); i++) {
         XYSeries s = data.getSeries(i);
         if (!s.isEmpty()) {
            min = Math.min(min, s.getMinX());
            max = Math.max(max, s.getMaxX());
         }
      }
      if (max > 0) {
         axis.setRange(min / 1.25, Math.max(max, min * 2) * 1.25);
      }
      return axis;
   }

   private LogAxis logYAxis() {
      LogAxis axis = new LogAxis(yLabel);
      axis.setTickUnit(new NumberTickUnit(1));
      axis.setNumberFormatOverride(new DecimalFormat("0.###"));
      axis.setSmallestValue(logYFloor);
      axis.setAutoRange(true);
      return axis;
   }
}
