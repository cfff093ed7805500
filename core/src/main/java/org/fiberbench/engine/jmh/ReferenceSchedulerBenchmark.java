package org.fiberbench.engine.jmh;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The custom-scheduler experiment's own JMH benchmark, written by hand with the JDK only (no
 * fiberbench code): {@code taskCount} virtual threads started on a {@code FixedThreadPool} or a
 * {@code ForkJoinPool} of {@code threadCount} carriers (or the JDK's own scheduler), each running
 * the experiment's CPU task (a sum of {@code Math.sqrt(i)}, {@code int} counter) or its long task
 * (a sleep), the operation ending when a latch has counted every task down. The pool lives for the
 * trial, as in the experiment. {@code ./fiberbench jmh ReferenceSchedulerBenchmark} runs it; its
 * fiberbench twin is {@code run -e virtual:scheduler=fixed,carriers=2 -w cpu:iterations=100000 -l batch:tasks=1000}.
 *
 * <p>Two departures from the text, both to measure what it means: the sum is checked against the
 * one computed in set-up (the experiment's loop discards {@code Math.sqrt}, which the JIT may
 * remove), and each thread is started here rather than through {@code
 * CompletableFuture.runAsync}, which on a machine of two CPUs or fewer starts a new platform
 * thread per call and would time thread creation instead of the scheduler. Custom schedulers use
 * {@code Thread.Builder.OfVirtual.scheduler(Executor)} where the JDK has it, else the JDK's
 * package-private {@code ThreadBuilders$VirtualThreadBuilder(Executor)} (needs {@code --add-opens
 * java.base/java.lang=ALL-UNNAMED}, which {@code fiberbench jmh} adds to every fork).
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReferenceSchedulerBenchmark {

    /** fixed (the experiment's testOption 1), forkjoin (2), or default: the JDK's scheduler. */
    @Param({"fixed", "forkjoin", "default"})
    public String scheduler;

    @Param("2")
    public int threadCount;

    @Param("1000")
    public int taskCount;

    @Param("100000")
    public int iterations;

    @Param("100")
    public int sleepMs;

    private ExecutorService dbExecutor;
    private Thread.Builder.OfVirtual threads;
    private double expectedSum;
    private final AtomicInteger wrong = new AtomicInteger();

    @Setup(Level.Trial)
    public void setup() throws ReflectiveOperationException {
        switch (scheduler) {
            case "fixed" -> dbExecutor = Executors.newFixedThreadPool(threadCount);
            case "forkjoin" -> dbExecutor = new ForkJoinPool(threadCount);
            case "default" -> dbExecutor = null;
            default -> throw new IllegalArgumentException("scheduler " + scheduler + "; accepted: fixed, forkjoin, default");
        }
        threads = dbExecutor == null ? Thread.ofVirtual() : onScheduler(dbExecutor);
        expectedSum = heavyCpuTask(iterations);
    }

    @TearDown(Level.Trial)
    public void teardown() throws InterruptedException {
        if (dbExecutor != null) {
            dbExecutor.shutdown();
            if (!dbExecutor.awaitTermination(1, TimeUnit.MINUTES)) {
                dbExecutor.shutdownNow();
            }
        }
    }

    @Benchmark
    public void heavyCpu() throws InterruptedException {
        startAll(() -> {
            if (heavyCpuTask(iterations) != expectedSum) {
                wrong.incrementAndGet();
            }
        });
    }

    @Benchmark
    public void longRunning() throws InterruptedException {
        startAll(this::longRunningTask);
    }

    private void startAll(Runnable task) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(taskCount);
        for (int i = 0; i < taskCount; i++) {
            threads.start(() -> {
                try {
                    task.run();
                } finally {
                    latch.countDown();
                }
            });
        }
        if (!latch.await(1, TimeUnit.MINUTES) || wrong.get() != 0) {
            throw new IllegalStateException(latch.getCount() + " tasks unfinished, " + wrong.get() + " wrong sums");
        }
    }

    /** The experiment's CPU task, its sum kept. */
    public static double heavyCpuTask(int iterations) {
        double sum = 0;
        for (int i = 0; i < iterations; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }

    private void longRunningTask() {
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            wrong.incrementAndGet();
        }
    }

    /** {@code Thread.ofVirtual().scheduler(executor)}, by the public method or the JDK's internal builder. */
    static Thread.Builder.OfVirtual onScheduler(Executor executor) throws ReflectiveOperationException {
        try {
            Method m = Thread.Builder.OfVirtual.class.getMethod("scheduler", Executor.class);
            return (Thread.Builder.OfVirtual) m.invoke(Thread.ofVirtual(), executor);
        } catch (NoSuchMethodException notKona) {
            Constructor<?> c = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder").getDeclaredConstructor(Executor.class);
            c.setAccessible(true);
            return (Thread.Builder.OfVirtual) c.newInstance(executor);
        }
    }
}
