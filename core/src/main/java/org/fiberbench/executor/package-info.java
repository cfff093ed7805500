/**
 * Executor specs: how tasks run. {@link org.fiberbench.executor.ExecutorSpec#parse} validates a
 * spec; {@link org.fiberbench.executor.ExecutorSpec#create} makes a {@link
 * org.fiberbench.executor.TaskExecutor}. Implementations are package-private, one per {@link
 * org.fiberbench.executor.ExecutorKind} constant. Custom virtual-thread schedulers go through
 * {@link org.fiberbench.executor.VirtualThreads}, which uses the public
 * {@code Thread.Builder.OfVirtual.scheduler(Executor)} where the JDK has it and the JDK's own
 * package-private builder constructor otherwise. The process pool ({@code process:workers=N}) runs
 * tasks in worker JVMs ({@link org.fiberbench.executor.ProcessWorkerMain}, started as the same
 * jar's {@code fiberbench worker}) fed over pipes; its protocol is described in {@code
 * WorkerProtocol}. {@link org.fiberbench.executor.ProcessWorkers} lets the observers see the
 * workers (PIDs, profiles), and {@link org.fiberbench.executor.CarrierCpu} the CPU of carriers
 * that ended between two samples. Per-worker balance ({@link org.fiberbench.executor.WorkerStats})
 * is counted by the workers themselves: fiberbench's pool threads carry their counters, the
 * fixed and forkjoin virtual-thread schedulers time each continuation run on its carrier
 * ({@code MountTimers}), and the JDK scheduler's carriers are charged their CPU time ({@code Carriers}).
 */
package org.fiberbench.executor;
