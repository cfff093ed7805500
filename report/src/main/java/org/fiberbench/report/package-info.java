/** The self-contained HTML report, run comparison and profile diff. */
package org.fiberbench.report;
