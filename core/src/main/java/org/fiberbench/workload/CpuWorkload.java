package org.fiberbench.workload;

import org.fiberbench.spec.Spec;

/**
 * Seed 000's CPU-heavy task: {@code Math.sqrt(i)} for i in [0, N). The square roots are summed
 * and the sum is checked, so the JIT cannot drop the loop as dead code and a wrong result fails.
 */
final class CpuWorkload implements Workload {
    static final long MAX_ITERATIONS = 10_000_000_000L;
    private final long iterations;
    private final double low;
    private final double high;

    CpuWorkload(Spec s) {
        this.iterations = s.requiredLong("iterations", 1, MAX_ITERATIONS);
        // the integral of sqrt(x) bounds the sum: (2/3)(N-1)^1.5 <= sum <= (2/3)N^1.5
        this.low = (2.0 / 3.0) * Math.pow(iterations - 1, 1.5) * 0.999 - 1;
        this.high = (2.0 / 3.0) * Math.pow(iterations, 1.5) * 1.001 + 1;
    }

    static String canonical(Spec s) {
        return "cpu:iterations=" + s.requiredLong("iterations", 1, MAX_ITERATIONS);
    }

    @Override
    public String spec() {
        return "cpu:iterations=" + iterations;
    }

    @Override
    public void run(long seq) {
        double sum = iterations <= Integer.MAX_VALUE ? sum((int) iterations) : sum(iterations);
        if (!(sum >= low && sum <= high)) {
            throw new IllegalStateException("cpu task computed " + sum + ", expected " + low + ".." + high);
        }
    }

    /** The seed's loop, {@code int} counter: the JIT's counted loop, as in a hand-written benchmark of it. */
    static double sum(int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }

    /** Past {@code Integer.MAX_VALUE} iterations only; the same sum, term by term. */
    static double sum(long n) {
        double sum = 0;
        for (long i = 0; i < n; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }
}
