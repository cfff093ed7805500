/**
 * Executor specs: how tasks run. {@link org.fiberbench.executor.ExecutorSpec#parse} validates a
 * spec; {@link org.fiberbench.executor.ExecutorSpec#create} makes a {@link
 * org.fiberbench.executor.TaskExecutor}. Implementations are package-private, one per {@link
 * org.fiberbench.executor.ExecutorKind} constant. Custom virtual-thread schedulers go through
 * {@link org.fiberbench.executor.VirtualThreads}, which uses the public
 * {@code Thread.Builder.OfVirtual.scheduler(Executor)} where the JDK has it and the JDK's own
 * package-private builder constructor otherwise.
 */
package org.fiberbench.executor;
