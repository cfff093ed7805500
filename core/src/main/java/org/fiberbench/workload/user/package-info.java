/**
 * The {@code class} workload kind: a user's {@link org.fiberbench.api.Workload} class, loaded
 * from {@code jar=} (and {@code --classpath}) or fiberbench's own class path, checked in the parent
 * before any fork starts, and run in every fork and process-pool worker through the same
 * {@link org.fiberbench.workload.Workload} lifecycle as the built-in kinds. Registered through
 * {@code META-INF/services} like every kind, so the registry does not name it.
 */
package org.fiberbench.workload.user;
