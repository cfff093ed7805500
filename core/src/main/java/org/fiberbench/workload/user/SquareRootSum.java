package org.fiberbench.workload.user;

import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * {@code cpu:iterations=N} written against the public API, as a user would: the example of
 * {@code list workloads} (it loads in any fiberbench JVM, no jar needed) and the yardstick of what
 * the API costs: {@code -w cpu:iterations=100000 -w class:name=org.fiberbench.workload.user.SquareRootSum,iterations=100000}
 * in one run should score alike. The sum is returned, so fiberbench consumes it.
 */
public class SquareRootSum implements Workload {
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
        long n = parameters.longValue("iterations");
        if (n < 1) {
            throw new ParameterException("parameter iterations=" + n + " is out of range; accepted: >= 1");
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
