package org.fiberbench.engine.jmh;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.SharedClients;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;

/**
 * A hand-written reference operation (a JMH benchmark method, called directly by {@link
 * BenchmarkMethod}) and fiberbench's batch ({@link BatchBenchmark}'s operation: an executor from the
 * spec, the workload, a {@link BatchCompletion}), run one after the other in one JVM, pair after
 * pair, the order swapped every pair. Forks of a 2-core VM drift by several percent within minutes,
 * and the JIT compiles each fork's code its own way, so two forks' scores differ by more than the
 * harness costs; two operations measured a few hundred milliseconds apart in one JVM share the
 * drift, and their ratio does not. With {@code threads} above 1, each side runs that many
 * operations at once, as JMH's {@code @Threads} does, and scores their mean time.
 * {@code ./fiberbench calibrate --interleaved} starts this class as a fork and reads its lines.
 *
 * <p>Output, one line per measured pair: {@code pair REFERENCE_NS FIBERBENCH_NS}. An operation that
 * fails or does not finish within the timeout ends the fork with status 1 and a line on stderr.
 */
public final class InterleavedBatches {
    /** The fork's main class, for the command line. */
    public static final String MAIN = InterleavedBatches.class.getName();
    static final long BATCH_TIMEOUT_SECONDS = 120;
    /** Warm-up time past which a fork's warm-up adds no pair beyond its minimum ({@link WarmUp}). */
    static final long MAX_WARMUP_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** The seeds' hot loops on both sides, as {@code Class::method} (a trailing * matches a prefix). */
    public static final List<String> LOOPS = List.of(
            "org.fiberbench.engine.jmh.ReferenceSchedulerBenchmark::heavyCpuTask",
            "org.fiberbench.workload.CpuWorkload::sum",
            "org.fiberbench.engine.jmh.ReferencePoolBenchmark::isPrime",
            "org.fiberbench.workload.PrimesWorkload::isPrime*");

    /**
     * JVM options of the fork: each side's task compiled on its own. A virtual thread's tasks all
     * start from the JDK's {@code Continuation.enter}, so in one JVM C2 inlines both sides' tasks,
     * loop and all, into that one compiled method, and the path with more frames around the loop
     * (fiberbench's timing and counting) got slower code: cpu-default measured 1.03–1.16 per fork
     * with that, 0.99–1.01 without. Kept out of line: fiberbench's task wrapper and the references'
     * lambdas. The seeds' loops too ({@link #LOOPS}): the same loop inlined into two different
     * callers is laid out differently, and one copy ran about 1% slower than the other whichever
     * harness called it (the reference's own task on fiberbench's executor measured 1.011 of the
     * reference, over six forks). Compiled each as a method of its own, the two sides' loops are
     * compiled alike and the ratio is the harness's: fiberbench's batch then measured 1.001.
     *
     * <p>And clients shared ({@link SharedClients}): the database pairs' two sides query through one
     * HikariCP pool and one offload executor. With one each per side, a side's batch time held a
     * level of its own for many batches (lag-1 autocorrelation about 0.6, the sides uncorrelated), so
     * the reference against itself shifted 8% from fork to fork; with both shared, the sides move
     * together (correlation 0.7) and the shift fell to 1–2% (docs/calibration.md, "The offload
     * pairs' shift").
     */
    public static final List<String> JVM_ARGS = jvmArgs();

    private static List<String> jvmArgs() {
        List<String> args = new ArrayList<>(List.of("-XX:CompileCommand=quiet",
                "-XX:CompileCommand=dontinline,org.fiberbench.executor.ThreadTaskExecutor::runTask",
                "-XX:CompileCommand=dontinline,org.fiberbench.engine.jmh.Reference*::lambda$*",
                "-D" + SharedClients.PROPERTY + "=true"));
        LOOPS.forEach(loop -> args.add("-XX:CompileCommand=dontinline," + loop));
        return List.copyOf(args);
    }

    private final BenchmarkMethod reference;
    private final ExecutorSpec executor;
    private final Workload workload;
    private final long tasks;
    private final int threads;
    /** Runs the {@code threads} concurrent operations of a side; none with one thread, which runs on the caller. */
    private final ExecutorService callers;
    /** The first task number of the next fiberbench batch. */
    private long seq;

    /**
     * @param reference the reference's benchmark method and parameters, opened (its set-up run)
     * @param executor  fiberbench's side, an executor spec
     * @param workload  fiberbench's side, a workload spec
     * @param tasks     fiberbench's side: tasks per batch
     * @param threads   operations each side runs at once
     */
    InterleavedBatches(BenchmarkMethod reference, String executor, String workload, long tasks, int threads) {
        if (threads < 1 || threads > 64) {
            throw new SpecException("threads " + threads + "; accepted: 1..64");
        }
        this.reference = reference;
        this.executor = ExecutorSpec.parse(executor);
        this.workload = WorkloadSpec.parse(workload).create();
        this.tasks = tasks;
        this.threads = threads;
        this.callers = threads == 1 ? null : Executors.newFixedThreadPool(threads, Thread.ofPlatform().name("interleaved-", 0).factory());
    }

    /** One reference side: {@code threads} calls at once; the mean of their times. */
    long referenceSide() throws Exception {
        return side(thread -> {
            long t0 = System.nanoTime();
            reference.call();
            return System.nanoTime() - t0;
        });
    }

    /** One fiberbench side: {@code threads} batches at once, each numbering its tasks from its own block; the mean of their times. */
    long fiberbenchSide(long firstSeq) throws Exception {
        return side(thread -> fiberbenchBatch(((long) thread << 40) + firstSeq));
    }

    /** One fiberbench batch: {@link BatchBenchmark#batch}'s operation. */
    private long fiberbenchBatch(long firstSeq) throws Exception {
        long t0 = System.nanoTime();
        BatchCompletion done = new BatchCompletion(tasks);
        BatchBenchmark.run(executor, workload, firstSeq, done, TimeUnit.SECONDS.toNanos(BATCH_TIMEOUT_SECONDS));
        done.check();
        return System.nanoTime() - t0;
    }

    private interface Operation {
        long nanos(int thread) throws Exception;
    }

    private long side(Operation op) throws Exception {
        if (callers == null) {
            return op.nanos(0);
        }
        List<Future<Long>> all = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int thread = t;
            all.add(callers.submit((Callable<Long>) () -> op.nanos(thread)));
        }
        long sum = 0;
        try {
            for (Future<Long> f : all) {
                sum += f.get();
            }
        } catch (ExecutionException e) {
            all.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof Exception x ? x : e;
        }
        return sum / threads;
    }

    /**
     * Warm-up pairs, at least {@code warmup} and more while they still get quicker ({@link WarmUp}),
     * then {@code pairs} measured ones, each written to {@code out} as it ends; even pairs run the
     * reference first, odd ones fiberbench first. The clients both sides run on ({@link
     * SharedClients#inUse()}) and the warm-up's line go to the fork's log. Closes both sides.
     */
    void run(int warmup, int pairs, PrintStream out) throws Exception {
        run(warmup, pairs, out, System.err);
    }

    void run(int warmup, int pairs, PrintStream out, PrintStream log) throws Exception {
        try (reference) {
            workload.setUp();
            List<String> shared = SharedClients.inUse();
            if (!shared.isEmpty()) {
                log.println("both sides on one " + String.join(", one ", shared));
                log.flush();
            }
            if (warmup > 0) {
                WarmUp w = new WarmUp(warmup, MAX_WARMUP_NANOS);
                int p = 0;
                long[] t;
                do {
                    t = pair(p++);
                } while (w.more(t[0] + t[1]));
                log.println(w.summary());
                log.flush();
            }
            for (int p = 0; p < pairs; p++) {
                long[] t = pair(p);
                out.println("pair " + t[0] + " " + t[1]);
                out.flush();
            }
        } finally {
            workload.close();
            if (callers != null) {
                callers.shutdownNow();
            }
        }
    }

    /** Pair {@code p}: {reference ns, fiberbench ns}, the reference first when p is even; numbers its tasks on from the last pair's. */
    private long[] pair(int p) throws Exception {
        long ref;
        long fb;
        if ((p & 1) == 0) {
            ref = referenceSide();
            fb = fiberbenchSide(seq);
        } else {
            fb = fiberbenchSide(seq);
            ref = referenceSide();
        }
        seq += tasks;
        return new long[] {ref, fb};
    }

    /** {@code BENCHMARK EXECUTOR WORKLOAD TASKS THREADS WARMUP PAIRS [PARAM=VALUE ...]}: the reference's parameters last. */
    public static void main(String[] args) {
        try {
            if (args.length < 7) {
                throw new SpecException("usage: BENCHMARK EXECUTOR WORKLOAD TASKS THREADS WARMUP PAIRS [PARAM=VALUE ...]");
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = 7; i < args.length; i++) {
                int eq = args[i].indexOf('=');
                if (eq <= 0) {
                    throw new SpecException("reference parameter '" + args[i] + "'; accepted: NAME=VALUE");
                }
                params.put(args[i].substring(0, eq), args[i].substring(eq + 1));
            }
            BenchmarkMethod ref = BenchmarkMethod.open(args[0], params);
            InterleavedBatches b = new InterleavedBatches(ref, args[1], args[2], Long.parseLong(args[3]), Integer.parseInt(args[4]));
            b.run(Integer.parseInt(args[5]), Integer.parseInt(args[6]), System.out);
            System.exit(0);
        } catch (Exception | AssertionError e) {
            System.err.println("interleaved batches: " + e);
            System.exit(1);
        }
    }
}
