package org.fiberbench.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Makes the {@link TaskExecutor} for a spec. One factory branch per {@link ExecutorKind}. */
final class TaskExecutors {
    /** Names given to carrier threads of fiberbench-made schedulers, so tests and stats can see them. */
    static final String CARRIER_PREFIX = "fiberbench-carrier-";

    private TaskExecutors() {
    }

    static TaskExecutor create(ExecutorSpec spec) {
        return switch (spec.kind()) {
            case INLINE -> new InlineTaskExecutor(spec);
            case VIRTUAL -> {
                List<AutoCloseable> owned = new ArrayList<>();
                ThreadFactory factory = virtualFactory(spec, owned);
                yield new ThreadTaskExecutor(spec, Executors.newThreadPerTaskExecutor(factory), owned);
            }
            case VIRTUAL_POOL -> {
                List<AutoCloseable> owned = new ArrayList<>();
                ThreadFactory factory = virtualFactory(spec, owned);
                yield new ThreadTaskExecutor(spec, Executors.newFixedThreadPool(spec.poolSize(), factory), owned);
            }
            case PLATFORM -> new ThreadTaskExecutor(spec, switch (spec.option()) {
                case "cached" -> Executors.newCachedThreadPool(named("fiberbench-cached-"));
                case "fixed" -> Executors.newFixedThreadPool(spec.size(), named("fiberbench-fixed-"));
                default -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("fiberbench-task-", 0).factory());
            }, List.of());
            case FORKJOIN -> new ThreadTaskExecutor(spec, new ForkJoinPool(spec.size(),
                    forkJoinThreads("fiberbench-fj-", false), null, false), List.of());
            case PROCESS -> new ProcessTaskExecutor(spec);
        };
    }

    /** The virtual-thread factory for a spec; schedulers it makes are added to {@code owned}. */
    private static ThreadFactory virtualFactory(ExecutorSpec spec, List<AutoCloseable> owned) {
        if (spec.scheduler() == ExecutorSpec.Scheduler.DEFAULT) {
            return Thread.ofVirtual().name("fiberbench-virtual-", 0).factory();
        }
        Executor scheduler = switch (spec.scheduler()) {
            // what seed 000 compares: new ForkJoinPool(N), whose defaults include asyncMode=false (LIFO
            // local queues; the JDK's own virtual-thread scheduler is FIFO); only names and daemon differ
            case FORKJOIN -> new ForkJoinPool(spec.size(), forkJoinThreads(CARRIER_PREFIX, true), null, false);
            case FIXED -> Executors.newFixedThreadPool(spec.size(), carriers());
            case CLASS -> VirtualThreads.newSchedulerInstance(spec.schedulerClass(), spec.size());
            case DEFAULT -> throw new AssertionError();
        };
        if (scheduler instanceof ExecutorService es) {
            owned.add(() -> shutdown(es));
        } else if (scheduler instanceof AutoCloseable c) {
            owned.add(c);
        }
        return VirtualThreads.builder(scheduler).name("fiberbench-virtual-", 0).factory();
    }

    static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
    }

    /** Carrier threads of a fixed pool: named like the rest, and reporting their CPU time as they end. */
    private static ThreadFactory carriers() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(() -> {
                try {
                    r.run();
                } finally {
                    CarrierCpu.ending();
                }
            }, CARRIER_PREFIX + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * ForkJoinPool workers numbered as they are made. Not by pool index: the pool assigns that after
     * the factory returns, so every worker would be called 0 and their balance figures would merge.
     */
    private static ForkJoinPool.ForkJoinWorkerThreadFactory forkJoinThreads(String prefix, boolean carrier) {
        AtomicInteger n = new AtomicInteger();
        return pool -> new NamedWorker(pool, prefix + n.getAndIncrement(), carrier);
    }

    private static final class NamedWorker extends ForkJoinWorkerThread {
        private final boolean carrier;

        NamedWorker(ForkJoinPool pool, String name, boolean carrier) {
            super(pool);
            this.carrier = carrier;
            setName(name);
            setDaemon(true);
        }

        @Override
        protected void onTermination(Throwable exception) {
            if (carrier) {
                CarrierCpu.ending();
            }
            super.onTermination(exception);
        }
    }

    static void shutdown(ExecutorService es) {
        es.shutdown();
        try {
            if (!es.awaitTermination(10, TimeUnit.SECONDS)) {
                es.shutdownNow();
            }
        } catch (InterruptedException e) {
            es.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
