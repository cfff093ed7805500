package org.fiberbench.workload;

import org.fiberbench.spec.Spec;

/**
 * Seed 004's CPU test: is a seeded random value in the task's range prime? Tested as the seed
 * does, by trial division with every candidate from 2 to n-1, so composites are cheap and primes
 * cost up to n divisions — tasks of uneven cost, which is what makes dispatch matter. The answer
 * is checked against a square-root-bounded test (a few thousand divisions at most) so a wrong
 * result fails the task.
 */
final class PrimesWorkload implements Workload {
    static final String DEFAULT_RANGES = "0..1000000,5000000..6000000,10000000..11000000";
    /** int arithmetic, as the seed's; a prime near this bound costs ~2e9 divisions. */
    static final long MAX_VALUE = Integer.MAX_VALUE;
    private final SeededRanges ranges;

    PrimesWorkload(Spec s) {
        this.ranges = SeededRanges.parse(s, "range", DEFAULT_RANGES, MAX_VALUE);
    }

    static String canonical(Spec s) {
        SeededRanges r = SeededRanges.parse(s, "range", DEFAULT_RANGES, MAX_VALUE);
        return "primes:range=" + r + r.drawsSuffix();
    }

    @Override
    public String spec() {
        return "primes:range=" + ranges + ranges.drawsSuffix();
    }

    @Override
    public void run(long seq) {
        int n = (int) ranges.value(seq);
        boolean prime = isPrimeByTrialDivision(n);
        if (prime != isPrime(n)) {
            throw new IllegalStateException("primes task " + seq + ": trial division says " + n
                    + (prime ? " is" : " is not") + " prime, the square-root test disagrees");
        }
    }

    /** The seed's test: every divisor from 2 to n-1. */
    static boolean isPrimeByTrialDivision(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; d < n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** The quick test used to check the slow one. */
    static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (long d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
