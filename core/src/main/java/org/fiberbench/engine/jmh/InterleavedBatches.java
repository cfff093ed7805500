package org.fiberbench.engine.jmh;

import java.io.PrintStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;

/**
 * The custom-scheduler experiment's batch, hand-written ({@link ReferenceSchedulerBenchmark}'s
 * code: virtual threads started on the scheduler, a latch) and through fiberbench's harness
 * ({@link BatchBenchmark}'s operation: an executor from the spec, the workload, a {@link
 * BatchCompletion}), run one after the other in one JVM, pair after pair, the order swapped every
 * pair. Forks of a 2-core VM drift by several percent within minutes, and the JIT compiles each
 * fork's loop its own way, so two forks' scores differ by more than the harness costs; two batches
 * measured a few hundred milliseconds apart in one JVM share the drift, and their ratio does not.
 * {@code ./fiberbench calibrate --interleaved} starts this class as a fork and reads its lines.
 *
 * <p>Output, one line per measured pair: {@code pair REFERENCE_NS FIBERBENCH_NS}. A batch that
 * fails or does not finish within the timeout ends the fork with status 1 and a line on stderr.
 */
public final class InterleavedBatches {
    /** The fork's main class, for the command line. */
    public static final String MAIN = InterleavedBatches.class.getName();
    static final long BATCH_TIMEOUT_SECONDS = 120;

    private final ExecutorSpec executor;
    private final Workload workload;
    private final int tasks;
    private final Runnable referenceTask;
    private final ExecutorService referenceScheduler;
    private final Thread.Builder.OfVirtual referenceThreads;
    private final AtomicInteger wrong = new AtomicInteger();

    /**
     * @param executor  fiberbench's side: {@code virtual} or {@code virtual:scheduler=fixed|forkjoin,carriers=N}
     * @param workload  fiberbench's side: {@code cpu:iterations=N} or {@code sleep:ms=M}
     * @param reference the reference's task, in the same words; normally {@code workload} itself
     */
    InterleavedBatches(String executor, String workload, String reference, int tasks) throws ReflectiveOperationException {
        this.executor = ExecutorSpec.parse(executor);
        this.workload = WorkloadSpec.parse(workload).create();
        this.tasks = tasks;
        this.referenceTask = referenceTask(Spec.parse("workload", reference));
        Spec e = Spec.parse("executor", executor);
        if (!e.kind().equals("virtual")) {
            throw new SpecException("interleaved batches compare virtual-thread schedulers; got '" + executor
                    + "'; accepted: virtual, virtual:scheduler=fixed|forkjoin,carriers=N");
        }
        String scheduler = e.string("scheduler", "default");
        int carriers = e.intValue("carriers", ExecutorSpec.cpus(), 1, ExecutorSpec.MAX_CARRIERS);
        this.referenceScheduler = switch (scheduler) {
            case "fixed" -> Executors.newFixedThreadPool(carriers);
            case "forkjoin" -> new ForkJoinPool(carriers);
            case "default" -> null;
            default -> throw new SpecException("scheduler '" + scheduler + "'; accepted: default, fixed, forkjoin");
        };
        this.referenceThreads = referenceScheduler == null ? Thread.ofVirtual() : ReferenceSchedulerBenchmark.onScheduler(referenceScheduler);
    }

    /** The seed's task for {@code cpu:iterations=N} ({@code heavyCpuTask}) or {@code sleep:ms=M} ({@code longRunningTask}). */
    private Runnable referenceTask(Spec s) {
        return switch (s.kind()) {
            case "cpu" -> {
                int n = s.intValue("iterations", 100_000, 1, Integer.MAX_VALUE);
                double expected = ReferenceSchedulerBenchmark.heavyCpuTask(n);
                yield () -> {
                    if (ReferenceSchedulerBenchmark.heavyCpuTask(n) != expected) {
                        wrong.incrementAndGet();
                    }
                };
            }
            case "sleep" -> {
                long ms = s.intValue("ms", 100, 0, 3_600_000);
                yield () -> {
                    try {
                        Thread.sleep(ms);
                    } catch (InterruptedException x) {
                        wrong.incrementAndGet();
                    }
                };
            }
            default -> throw new SpecException("reference task '" + s.kind() + "'; accepted: cpu:iterations=N, sleep:ms=M");
        };
    }

    /** One hand-written batch: the reference benchmark's {@code startAll}. */
    long referenceBatch() throws InterruptedException {
        long t0 = System.nanoTime();
        ReferenceSchedulerBenchmark.startAll(referenceThreads, tasks, referenceTask, wrong, BATCH_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return System.nanoTime() - t0;
    }

    /** One fiberbench batch: {@link BatchBenchmark#batch}'s operation. */
    long fiberbenchBatch(long firstSeq) throws Exception {
        long t0 = System.nanoTime();
        BatchCompletion done = new BatchCompletion(tasks);
        TaskExecutor ex = executor.create();
        try (ex) {
            for (long i = 0; i < tasks; i++) {
                ex.submit(workload, firstSeq + i, done);
            }
            done.await(TimeUnit.SECONDS.toNanos(BATCH_TIMEOUT_SECONDS));
            if (done.timedOut()) {
                ex.closeNow();
            }
        }
        done.check();
        return System.nanoTime() - t0;
    }

    /**
     * {@code warmup} unmeasured pairs, then {@code pairs} measured ones, each written to {@code out}
     * as it ends; even pairs run the reference first, odd ones fiberbench first.
     */
    void run(int warmup, int pairs, PrintStream out) throws Exception {
        workload.setUp();
        long seq = 0;
        try {
            for (int p = -warmup; p < pairs; p++) {
                long ref;
                long fb;
                if ((p & 1) == 0) {
                    ref = referenceBatch();
                    fb = fiberbenchBatch(seq);
                } else {
                    fb = fiberbenchBatch(seq);
                    ref = referenceBatch();
                }
                seq += tasks;
                if (p >= 0) {
                    out.println("pair " + ref + " " + fb);
                    out.flush();
                }
            }
        } finally {
            workload.close();
            if (referenceScheduler != null) {
                referenceScheduler.shutdown();
            }
        }
    }

    /** {@code EXECUTOR WORKLOAD REFERENCE TASKS WARMUP PAIRS}. */
    public static void main(String[] args) {
        try {
            if (args.length != 6) {
                throw new SpecException("usage: EXECUTOR WORKLOAD REFERENCE TASKS WARMUP PAIRS");
            }
            InterleavedBatches b = new InterleavedBatches(args[0], args[1], args[2], Integer.parseInt(args[3]));
            b.run(Integer.parseInt(args[4]), Integer.parseInt(args[5]), System.out);
            System.exit(0);
        } catch (Exception | AssertionError e) {
            System.err.println("interleaved batches: " + e);
            System.exit(1);
        }
    }
}
