/**
 * Workloads: what one task does. A {@link org.fiberbench.workload.Workload} has a lifecycle
 * ({@code setUp} before any measurement, {@code close} after) and checks its own result: a task
 * whose result is wrong throws, so a fast failure is counted as an error, never as a fast sample.
 * Kinds come from {@link org.fiberbench.workload.WorkloadProvider}s named in {@code META-INF/services},
 * so this package imports none of the workloads outside it (http, jdbc).
 */
package org.fiberbench.workload;
