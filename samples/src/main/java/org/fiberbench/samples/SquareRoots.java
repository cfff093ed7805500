package org.fiberbench.samples;

import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * The smallest workload: the sum of the square roots of 0..N-1, the same work as fiberbench's
 * built-in {@code cpu:iterations=N}, written against the public API. It shows what the API costs
 * (nothing measurable: run both in one run and compare) and why a task returns its result: the
 * sum is returned and fiberbench consumes it, so the JIT cannot drop the loop as dead code and
 * the score grows with N.
 *
 * <pre>
 * ./fiberbench run -e virtual -w cpu:iterations=100000 \
 *     -w class:name=org.fiberbench.samples.SquareRoots,jar=samples/target/fiberbench-samples.jar,iterations=100000 \
 *     -l batch:tasks=1000
 * </pre>
 * Expect the two scores within a few percent of each other; iterations=400000 takes about 4× as long.
 */
public class SquareRoots implements Workload {
    private long iterations;

    @Override
    public void check(Parameters parameters) {
        iterations(parameters);
    }

    @Override
    public void setUp(Parameters parameters) {
        iterations = iterations(parameters);
    }

    private static long iterations(Parameters parameters) {
        long n = parameters.longValue("iterations", 100_000);
        if (n < 1) {
            throw new org.fiberbench.api.ParameterException("parameter iterations=" + n + " is out of range; accepted: >= 1");
        }
        return n;
    }

    @Override
    public Object run() {
        double sum = 0;
        for (long i = 0; i < iterations; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }
}
