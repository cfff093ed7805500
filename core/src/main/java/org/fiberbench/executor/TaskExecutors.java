package org.fiberbench.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
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
            case FORKJOIN -> new ThreadTaskExecutor(spec, new ForkJoinPool(spec.size(), forkJoinWorkers("fiberbench-fj-", false),
                    null, false), List.of());
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
            case FORKJOIN -> new ForkJoinPool(spec.size(), forkJoinWorkers(CARRIER_PREFIX, true), null, false);
            case FIXED -> Executors.newFixedThreadPool(spec.size(), named(CARRIER_PREFIX));
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

    /**
     * Worker threads named {@code prefix0, prefix1, ...}. The name comes from a counter, not from
     * {@code getPoolIndex()}: the pool assigns the index only once the thread runs, so every worker
     * would be called {@code prefix0} and per-worker figures would fold into one.
     */
    static ForkJoinPool.ForkJoinWorkerThreadFactory forkJoinWorkers(String prefix, boolean daemon) {
        AtomicInteger n = new AtomicInteger();
        return pool -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setName(prefix + n.getAndIncrement());
            t.setDaemon(daemon);
            return t;
        };
    }

    static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
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
