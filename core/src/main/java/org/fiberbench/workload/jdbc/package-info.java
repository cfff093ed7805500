/**
 * The {@code jdbc} workload (seed 001): each task runs one query on a HikariCP pool, reads every
 * row and builds the result string, either on its own thread ({@code via=direct}) or on a separate
 * platform pool it waits for through a {@code CompletableFuture} ({@code via=offload}). This
 * package is what a fork needs; the parent side (embedded server, connection check, secrets,
 * sessions) lives in {@code org.fiberbench.db}. Connection settings reach a fork through the
 * parent's {@link org.fiberbench.secret.SecretChannel}, named by a system property, never on a
 * command line or in a file. {@link org.fiberbench.workload.jdbc.QueryPool}
 * runs the same queries on one long-lived pool for the HTTP server's {@code /db}.
 */
package org.fiberbench.workload.jdbc;
