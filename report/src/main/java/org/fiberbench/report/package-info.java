/**
 * The self-contained HTML report and the comparison of two runs. Reads results.json only (no
 * dependency on core), so it works on any run directory and on imported JMH results.
 *
 * <p>Public surface: {@link org.fiberbench.report.ReportWriter} (report.html for a run),
 * {@link org.fiberbench.report.Compare} / {@link org.fiberbench.report.Comparison} (two runs,
 * ratio with interval and verdict per scenario, as text, JSON or HTML), {@link org.fiberbench.report.JmhImport}
 * (a JMH {@code -rf json} file as a run) and {@link org.fiberbench.report.ResultsCheck#readable}
 * (the format version and common keys, for readers outside this module). The page is the resource {@code report.html}: Java
 * builds a data model (ratios and warnings are computed here, chart series are compacted) and
 * streams it between the page's markers; the page's own script draws tables and SVG charts.
 */
package org.fiberbench.report;
