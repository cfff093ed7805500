/**
 * Thresholds that gate a run: {@code --threshold p99<50ms} and its kin. {@link org.fiberbench.gate.Threshold}
 * parses one expression (scope, metric, comparison, value with its unit); {@link org.fiberbench.gate.Gate}
 * checks a list of them against the planned scenarios before anything runs (a metric a scenario cannot
 * have is bad input) and, after the run, judges the typed results ({@link org.fiberbench.result.ScenarioResult})
 * into {@link org.fiberbench.gate.Verdict}s: the PASS/FAIL table, results.json's {@code thresholds} and
 * the JUnit XML that {@link org.fiberbench.gate.JUnitReport} writes. A ratio threshold uses the shared
 * statistics ({@code org.fiberbench.stats.Ratio}), so it agrees with the table, the report and {@code compare}.
 */
package org.fiberbench.gate;
