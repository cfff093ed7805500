package org.fiberbench.measure;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording costs on the measured path: one {@link LatencyRecorder#recordSuccess} per finished
 * task (four histogram recordings, the open model's worst case) — the target is well under 100 ns.
 * {@code recordShared} runs two threads on one recorder, as tasks finishing on two carriers do,
 * back to back: the worst case for contention, which the recorder's stripes keep near one thread's cost.
 *
 * <p>Run: {@code ./fiberbench jmh RecordingCostBenchmark} (it adds the fork options the running JDK
 * needs; a JDK 21 fork must not get JDK 23+ flags such as {@code --sun-misc-unsafe-memory-access}).
 * Values grow with the latency recorded only through the histogram's bucket index, a few shifts:
 * expect tens of ns for both methods.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingCostBenchmark {
    private final long t0 = System.nanoTime();
    private final LatencyRecorder recorder = new LatencyRecorder(t0, true);
    private final org.HdrHistogram.Recorder reference = new org.HdrHistogram.Recorder(1, LatencyRecorder.HIGHEST_NS, 3);

    /** Each JMH thread's own counter: a shared one would bounce between cores and be measured too. */
    @State(Scope.Thread)
    public static class Counter {
        long i;
    }

    /** Reference on the same machine at the same time: one plain HdrHistogram Recorder value. */
    @Benchmark
    @Threads(1)
    public void referenceOneRecorderValue(Counter c) {
        long k = c.i++;
        reference.recordValue((k * 0x9E3779B97F4A7C15L) >>> 37);
    }

    @Benchmark
    @Threads(1)
    public void recordOne(Counter c) {
        record(c);
    }

    @Benchmark
    @Threads(2)
    public void recordShared(Counter c) {
        record(c);
    }

    private void record(Counter c) {
        // spread values over ~1 µs .. 130 ms like real latencies
        long k = c.i++;
        long intended = t0 + (k << 10);
        long start = intended + (k & 0xFFFF);
        long end = start + ((k * 0x9E3779B97F4A7C15L) >>> 37);
        recorder.recordSuccess(intended, start, end);
    }
}
