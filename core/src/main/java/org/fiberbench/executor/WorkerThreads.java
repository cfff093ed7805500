package org.fiberbench.executor;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of the pools fiberbench makes: each is numbered, registered once with its
 * executor's {@link WorkerStats} as it is made, and carries its own {@link WorkerCounters} in a
 * field, so counting a task or a mount needs no lookup at all. Carriers of fiberbench-made
 * schedulers also report their CPU time as they end ({@link CarrierCpu}).
 */
final class WorkerThreads {
    private WorkerThreads() {
    }

    /** A thread with balance counters of its own. */
    interface Worker {
        WorkerCounters counters();
    }

    /** Platform threads named {@code prefix + n}; {@code carrier}: they carry virtual threads. */
    static ThreadFactory platform(String prefix, WorkerStats stats, boolean daemon, boolean carrier) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            PlatformWorker t = new PlatformWorker(r, stats.register(prefix + n.getAndIncrement()), carrier);
            t.setDaemon(daemon);
            return t;
        };
    }

    /**
     * ForkJoinPool workers numbered as they are made. Not by pool index: the pool assigns that after
     * the factory returns, so every worker would be called 0 and their balance figures would merge.
     */
    static ForkJoinPool.ForkJoinWorkerThreadFactory forkJoin(String prefix, WorkerStats stats, boolean carrier) {
        AtomicInteger n = new AtomicInteger();
        return pool -> new PoolWorker(pool, stats.register(prefix + n.getAndIncrement()), carrier);
    }

    static final class PlatformWorker extends Thread implements Worker {
        private final WorkerCounters counters;
        private final boolean carrier;

        PlatformWorker(Runnable r, WorkerCounters counters, boolean carrier) {
            super(r, counters.name);
            this.counters = counters;
            this.carrier = carrier;
        }

        @Override
        public WorkerCounters counters() {
            return counters;
        }

        @Override
        public void run() {
            try {
                super.run();
            } finally {
                if (carrier) {
                    CarrierCpu.ending();
                }
            }
        }
    }

    static final class PoolWorker extends ForkJoinWorkerThread implements Worker {
        private final WorkerCounters counters;
        private final boolean carrier;

        PoolWorker(ForkJoinPool pool, WorkerCounters counters, boolean carrier) {
            super(pool);
            this.counters = counters;
            this.carrier = carrier;
            setName(counters.name);
            setDaemon(true);
        }

        @Override
        public WorkerCounters counters() {
            return counters;
        }

        @Override
        protected void onTermination(Throwable exception) {
            if (carrier) {
                CarrierCpu.ending();
            }
            super.onTermination(exception);
        }
    }
}
