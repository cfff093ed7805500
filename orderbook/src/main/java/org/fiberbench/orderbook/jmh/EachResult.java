package org.fiberbench.orderbook.jmh;

import java.io.IOException;
import java.util.Collection;
import java.util.function.Consumer;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's own output format, plus a callback with each benchmark's result (all forks aggregated) as
 * soon as it is done: a long run keeps what it finished even when it is interrupted.
 */
final class EachResult implements OutputFormat {
    private final OutputFormat out;
    private final Consumer<BenchmarkResult> each;

    EachResult(OutputFormat out, Consumer<BenchmarkResult> each) {
        this.out = out;
        this.each = each;
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        out.endBenchmark(result);
        if (result != null) {
            each.accept(result);
        }
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        out.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        out.startBenchmark(benchParams);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        out.endRun(result);
    }

    @Override
    public void print(String s) {
        out.print(s);
    }

    @Override
    public void println(String s) {
        out.println(s);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
