/**
 * Run directories and the results they hold: {@link org.fiberbench.result.RunDirectory} writes
 * {@code results.json} (atomically, after every scenario, so a stopped run keeps what finished) and
 * {@code results.csv}; {@link org.fiberbench.result.Environment} describes the machine once per
 * run. The format is documented in {@code docs/results-format.md}.
 */
package org.fiberbench.result;
