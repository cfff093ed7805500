package org.fiberbench.engine;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A hand-written JMH benchmark of the {@code threads} suite, with no fiberbench code on the
 * measured path: the yardstick that shows the harness adds no cost of its own. Compare
 * {@code ./fiberbench jmh ReferenceThreadsBenchmark -wi 5 -w 2s -i 5 -r 10s -f 1} with
 * {@code ./fiberbench run threads --full}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReferenceThreadsBenchmark {

    @Param({"cached", "per-task", "virtual"})
    public String executor;

    @Param("10000")
    public int tasks;

    @Param("200")
    public int sleepMs;

    @Benchmark
    public void batch() throws InterruptedException {
        try (ExecutorService ex = switch (executor) {
            case "cached" -> Executors.newCachedThreadPool();
            case "per-task" -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
            default -> Executors.newVirtualThreadPerTaskExecutor();
        }) {
            for (int i = 0; i < tasks; i++) {
                ex.submit(() -> {
                    Thread.sleep(sleepMs);
                    return null;
                });
            }
        }
    }
}
