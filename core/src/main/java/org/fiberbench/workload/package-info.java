/**
 * Workloads: what one task does. A {@link org.fiberbench.workload.Workload} has a lifecycle
 * ({@code setUp} before any measurement, {@code close} after) and checks its own result: a task
 * whose result is wrong throws, so a fast failure is counted as an error, never as a fast sample.
 * Kinds are registered in {@link org.fiberbench.workload.WorkloadKind}.
 */
package org.fiberbench.workload;
