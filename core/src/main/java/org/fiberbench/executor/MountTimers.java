package org.fiberbench.executor;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Virtual-thread schedulers that time every continuation run (mount → unmount) on the carrier
 * that runs it. A virtual thread on a custom scheduler reaches it only through {@link
 * Executor#execute} (JDK 21–25 {@code java.lang.VirtualThread}: its lazy and external submits
 * need the JDK's own carrier class), each call being one run of its continuation; so what is
 * timed here is exactly the time the carrier carried virtual threads, and a virtual thread
 * sleeping or blocked is not on any carrier.
 *
 * <p>The pools keep the type and settings of what they time: the fixed pool is the {@code
 * ThreadPoolExecutor} of {@code Executors.newFixedThreadPool} with its before/after hooks (no
 * allocation); the ForkJoinPool is still a ForkJoinPool (JDK 25 times sleeps with the pool's own
 * delay queue when the scheduler is one) whose {@code execute} submits the continuation in a
 * timing task in place of the adapter the pool would otherwise allocate. Per run: two {@code
 * nanoTime} reads and the carrier's own counters. A user scheduler class can only be wrapped,
 * which allocates one small object per run.
 */
final class MountTimers {
    private MountTimers() {
    }

    /** {@code Executors.newFixedThreadPool(n, carriers)}, timing each run on its carrier. */
    static ThreadPoolExecutor fixed(int n, ThreadFactory carriers) {
        return new FixedPool(n, carriers);
    }

    /** {@code new ForkJoinPool(n, carriers, null, false)}, timing each run on its carrier. */
    static ForkJoinPool forkJoin(int n, ForkJoinPool.ForkJoinWorkerThreadFactory carriers) {
        return new Pool(n, carriers);
    }

    /** {@code scheduler}, wrapped: each run is timed on the carrier the scheduler picks, counted in {@code stats}. */
    static Executor wrap(Executor scheduler, WorkerStats stats) {
        return task -> scheduler.execute(() -> {
            WorkerCounters carrier = stats.of(Thread.currentThread());
            carrier.mountBegins(System.nanoTime());
            try {
                task.run();
            } finally {
                carrier.mountEnds(System.nanoTime());
            }
        });
    }

    private static final class FixedPool extends ThreadPoolExecutor {
        FixedPool(int n, ThreadFactory carriers) {
            super(n, n, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), carriers);
        }

        @Override
        protected void beforeExecute(Thread t, Runnable r) {
            if (t instanceof WorkerThreads.Worker w) {
                w.counters().mountBegins(System.nanoTime());
            }
        }

        @Override
        protected void afterExecute(Runnable r, Throwable error) {
            if (Thread.currentThread() instanceof WorkerThreads.Worker w) {
                w.counters().mountEnds(System.nanoTime());
            }
        }
    }

    private static final class Pool extends ForkJoinPool {
        Pool(int n, ForkJoinWorkerThreadFactory carriers) {
            // the defaults of new ForkJoinPool(n) but the factory: asyncMode=false (LIFO), as seed 000
            super(n, carriers, null, false);
        }

        @Override
        public void execute(Runnable continuation) {
            execute((ForkJoinTask<?>) new Run(continuation));
        }
    }

    /** One continuation run, timed; stands where the pool's own Runnable adapter would be. */
    private static final class Run extends ForkJoinTask<Void> {
        private final Runnable continuation;

        Run(Runnable continuation) {
            this.continuation = continuation;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }

        @Override
        protected boolean exec() {
            Thread carrier = Thread.currentThread();
            WorkerCounters c = carrier instanceof WorkerThreads.Worker w ? w.counters() : null;
            if (c != null) {
                c.mountBegins(System.nanoTime());
            }
            try {
                continuation.run();
            } catch (Throwable e) {
                // as the pool's adapter does for a Runnable: to the thread's handler, the task completes
                carrier.getUncaughtExceptionHandler().uncaughtException(carrier, e);
            } finally {
                if (c != null) {
                    c.mountEnds(System.nanoTime());
                }
            }
            return true;
        }
    }
}
