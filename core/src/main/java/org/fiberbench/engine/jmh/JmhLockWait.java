package org.fiberbench.engine.jmh;

import java.io.PrintStream;
import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;

/**
 * JMH lets one benchmark run at a time on a machine: {@code Runner.run()} fails at once when another
 * JMH process holds its lock file ({@code java.io.tmpdir/jmh.lock}). Two benchmarks at once would
 * spoil each other's numbers, so a scenario waits for the lock instead of failing, and says so once.
 * Ctrl-C still ends the run while it waits (the engine's shutdown hook records the scenario as
 * interrupted). {@code -Djmh.ignoreLock=true} keeps JMH's own way: no lock, no wait. Public for the
 * other command that runs JMH in-process, {@code orderbook micro}.
 */
public final class JmhLockWait {
    static final long POLL_MS = 500;
    private static final String BUSY = "Unable to acquire the JMH lock";

    /** One attempt at a JMH run. */
    public interface Attempt {
        Collection<RunResult> run() throws RunnerException;
    }

    private JmhLockWait() {
    }

    /**
     * Runs {@code attempt}, again every {@link #POLL_MS} while JMH reports its lock busy.
     *
     * @return the results and, in {@code waitedNanos[0]}, how long the lock was waited for
     */
    public static Collection<RunResult> run(Attempt attempt, PrintStream notice, long[] waitedNanos)
            throws RunnerException, InterruptedException {
        long t0 = System.nanoTime();
        boolean told = false;
        while (true) {
            long tried = System.nanoTime();
            try {
                Collection<RunResult> r = attempt.run();
                waitedNanos[0] = told ? tried - t0 : 0; // until the attempt that ran: the run itself is no wait
                return r;
            } catch (RunnerException e) {
                if (e.getMessage() == null || !e.getMessage().contains(BUSY)) {
                    throw e;
                }
                if (!told) {
                    notice.println("    waiting: another JMH benchmark on this machine holds "
                            + System.getProperty("java.io.tmpdir") + "/jmh.lock; this run starts when it ends");
                    told = true;
                }
                Thread.sleep(POLL_MS);
            }
        }
    }
}
