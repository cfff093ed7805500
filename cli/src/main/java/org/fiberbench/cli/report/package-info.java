/**
 * The {@code report} and {@code compare} commands: thin picocli classes that map flags onto
 * {@link org.fiberbench.report.ReportWriter}, {@link org.fiberbench.report.JmhImport} and
 * {@link org.fiberbench.report.Compare}. Bad input surfaces as an {@link IllegalArgumentException}
 * with one line naming the value, which {@code Main} turns into exit status 2.
 */
package org.fiberbench.cli.report;
