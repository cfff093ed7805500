package org.fiberbench.engine.jmh;

import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.fiberbench.workload.WorkloadWarnings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The batch load model on JMH: one operation creates the executor, submits N tasks, waits for all
 * of them and closes the executor — the whole cost a caller of {@code try (var e = ...) { submit
 * N }} pays, thread creation included. The carriers of fiberbench's fixed and ForkJoin schedulers
 * are not the executor's: they live for the trial, as the JDK's scheduler does. The specs arrive as {@code @Param} strings and are parsed
 * in the fork, outside the measured region.
 */
@State(Scope.Benchmark)
public class BatchBenchmark {
    /** Fork-side bound on one batch, from {@code -Dfiberbench.batch.timeout.ms}. */
    static final String TIMEOUT_PROPERTY = "fiberbench.batch.timeout.ms";

    @Param("virtual")
    public String executor;

    @Param("noop")
    public String workload;

    @Param("batch:tasks=1")
    public String load;

    private ExecutorSpec executorSpec;
    private Workload work;
    private long tasks;
    private long timeoutNanos;
    private final WorkerBalance balance = new WorkerBalance();

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        executorSpec = ExecutorSpec.parse(executor);
        work = WorkloadSpec.parse(workload).create();
        tasks = LoadSpec.parse(load, org.fiberbench.load.BatchLoad.class).tasks();
        timeoutNanos = TimeUnit.MILLISECONDS.toNanos(Long.getLong(TIMEOUT_PROPERTY, Defaults.BATCH_TIMEOUT.toMillis()));
        work.setUp();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        WorkloadWarnings.close(work); // a failed validation or tear-down warns, it does not fail the run
    }

    @TearDown(Level.Iteration)
    public void iterationDone() throws Exception {
        balance.endIteration();
    }

    /**
     * Task numbers of one JMH thread. With {@code --threads N} several threads run batches at once;
     * each numbers its tasks from its own block, so no two tasks share a number and no counter is shared.
     */
    @State(Scope.Thread)
    public static class TaskNumbers {
        long next;

        @Setup(Level.Trial)
        public void setUp(ThreadParams thread) {
            next = (long) thread.getThreadIndex() << 40;
        }
    }

    @Benchmark
    public long batch(TaskNumbers seq) throws Exception {
        BatchCompletion done = new BatchCompletion(tasks);
        TaskExecutor ex = run(executorSpec, work, seq.next, done, timeoutNanos);
        seq.next += tasks;
        balance.add(ex.workerStats());
        done.check();
        return done.completed();
    }

    /**
     * The operation itself, shared with {@link InterleavedBatches}: an executor from {@code spec}
     * runs {@code done}'s tasks of {@code work}, numbered from {@code firstSeq}, and is closed;
     * returns it for its figures. The caller checks {@code done}.
     */
    static TaskExecutor run(ExecutorSpec spec, Workload work, long firstSeq, BatchCompletion done, long timeoutNanos)
            throws InterruptedException {
        TaskExecutor ex = spec.create();
        try (ex) {
            for (long i = 0; i < done.tasks(); i++) {
                ex.submit(work, firstSeq + i, done);
            }
            ex.shutdown(); // the end of the caller's try block: idle workers may leave while the last tasks run
            done.await(timeoutNanos);
            if (done.timedOut()) {
                ex.closeNow(); // the hung tasks are counted: interrupt them instead of waiting them out
            }
        }
        return ex;
    }
}
