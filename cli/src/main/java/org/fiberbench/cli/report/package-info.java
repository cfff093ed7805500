/**
 * The {@code report} and {@code compare} commands: thin picocli classes that map flags onto
 * {@link org.fiberbench.report.ReportWriter}, {@link org.fiberbench.report.JmhImport} and
 * {@link org.fiberbench.report.Compare}. The report module's bad-input exception
 * ({@link org.fiberbench.report.InputException}: a missing run, a results.json with a wrong key) becomes a
 * {@link org.fiberbench.spec.SpecException}, one line naming the value, which {@code Main} turns into
 * exit status 2.
 */
package org.fiberbench.cli.report;
