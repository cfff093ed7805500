/**
 * Executor specs: how tasks run. {@link org.fiberbench.executor.ExecutorSpec} is a sealed
 * interface with one record per kind ({@code InlineExecutorSpec} ... {@code ProcessExecutorSpec});
 * each record declares its {@link org.fiberbench.executor.ExecutorKind} (keys, example, parsing),
 * prints its canonical form, derives variants along an {@link org.fiberbench.executor.ExecutorAxis}
 * (what sweeps vary) and creates its {@link org.fiberbench.executor.TaskExecutor}, whose
 * implementations are package-private. {@link org.fiberbench.executor.ExecutorSpec#parse} is the
 * entry point; {@link org.fiberbench.executor.ExecutorKind#all} lists the kinds. Custom
 * virtual-thread schedulers go through {@link org.fiberbench.executor.VirtualThreads}, which uses the public
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
