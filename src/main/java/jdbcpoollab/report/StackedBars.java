package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.nio.file.Path;

/** A stacked bar chart, one bar per category (a pool size), drawn by JFreeChart and written as an SVG file. */
public final class StackedBars {
   private static final Color[] PALETTE = {new Color(0xd62728), new Color(0x1f77b4), new Color(0x7f7f7f),
         new Color(0x2ca02c)};
   private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
   private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

   private final String title;
   private final String xLabel;
   private final String yLabel;
   private final DefaultCategoryDataset data = new DefaultCategoryDataset();

   public StackedBars(String title, String xLabel, String yLabel) {
      this.title = title;
      this.xLabel = xLabel;
      this.yLabel = yLabel;
   }

   /** Adds a segment {@code part} of {@code value} to the bar of {@code category}; parts stack in order given. */
   public StackedBars add(String category, String part, double value) {
      data.addValue(Double.isFinite(value) ? Math.max(0, value) : 0, part, category);
      return this;
   }

   public void writeSvg(Path file, int width, int height) {
      JFreeChart chart = ChartFactory.createStackedBarChart(null, xLabel, yLabel, data, PlotOrientation.VERTICAL,
            true, false, false);
      chart.setTitle(new TextTitle(title, TITLE));
      chart.setBackgroundPaint(Color.WHITE);
      chart.getLegend().setItemFont(LABEL);
      CategoryPlot plot = chart.getCategoryPlot();
      plot.setBackgroundPaint(Color.WHITE);
      plot.setRangeGridlinePaint(new Color(0xdddddd));
      plot.setOutlinePaint(new Color(0xbbbbbb));
      CategoryAxis x = plot.getDomainAxis();
      x.setLabelFont(LABEL);
      x.setTickLabelFont(LABEL);
      plot.getRangeAxis().setLabelFont(LABEL);
      plot.getRangeAxis().setTickLabelFont(LABEL);
      StackedBarRenderer renderer = (StackedBarRenderer) plot.getRenderer();
      renderer.setBarPainter(new StandardBarPainter());
      renderer.setShadowVisible(false);
      for (int i = 0; i < data.getRowCount(); i++) {
         renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
      }
      SVGGraphics2D g2 = new SVGGraphics2D(width, height);
      chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
      AtomicFile.write(file, g2.getSVGDocument());
   }
}
