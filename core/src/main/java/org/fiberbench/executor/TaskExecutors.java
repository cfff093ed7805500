package org.fiberbench.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/** Makes the {@link TaskExecutor} for a spec. One factory branch per {@link ExecutorKind}. */
final class TaskExecutors {
    /** Names given to carrier threads of fiberbench-made schedulers, so tests and stats can see them. */
    static final String CARRIER_PREFIX = "fiberbench-carrier-";

    private TaskExecutors() {
    }

    static TaskExecutor create(ExecutorSpec spec) {
        return switch (spec.kind()) {
            case INLINE -> new InlineTaskExecutor(spec);
            case VIRTUAL, VIRTUAL_POOL -> virtual(spec);
            case PLATFORM -> {
                WorkerStats stats = WorkerStats.ofTasks();
                ExecutorService service = switch (spec.option()) {
                    case "cached" -> Executors.newCachedThreadPool(WorkerThreads.platform("fiberbench-cached-", stats, true, false));
                    case "fixed" -> Executors.newFixedThreadPool(spec.size(), WorkerThreads.platform("fiberbench-fixed-", stats, true, false));
                    default -> Executors.newThreadPerTaskExecutor(WorkerThreads.platform("fiberbench-task-", stats, false, false));
                };
                yield new ThreadTaskExecutor(spec, service, List.of(), stats);
            }
            case FORKJOIN -> {
                WorkerStats stats = WorkerStats.ofTasks();
                yield new ThreadTaskExecutor(spec, new ForkJoinPool(spec.size(),
                        WorkerThreads.forkJoin("fiberbench-fj-", stats, false), null, false), List.of(), stats);
            }
            case PROCESS -> new ProcessTaskExecutor(spec);
        };
    }

    /** A virtual thread per task, or a pool of them, on the spec's scheduler; its balance counts the carriers. */
    private static TaskExecutor virtual(ExecutorSpec spec) {
        List<AutoCloseable> owned = new ArrayList<>();
        Thread.Builder.OfVirtual builder;
        WorkerStats stats;
        if (spec.scheduler() == ExecutorSpec.Scheduler.DEFAULT) {
            // the JDK's scheduler cannot be timed per mount: its carriers' CPU time is their busy time
            stats = WorkerStats.ofCarrierCpu(Carriers.ofJdkScheduler());
            builder = Thread.ofVirtual();
        } else {
            Scheduler made = scheduler(spec);
            stats = made.stats();
            if (made.executor() instanceof ExecutorService es) {
                owned.add(() -> shutdown(es));
            } else if (made.executor() instanceof AutoCloseable c) {
                owned.add(c);
            }
            boolean wrap = spec.scheduler() == ExecutorSpec.Scheduler.CLASS && stats.busy() == WorkerStats.Busy.MOUNTED_TIME;
            builder = VirtualThreads.builder(wrap ? MountTimers.wrap(made.executor(), stats) : made.executor());
        }
        ThreadFactory factory = builder.name("fiberbench-virtual-", 0).factory();
        ExecutorService service = spec.kind() == ExecutorKind.VIRTUAL_POOL
                ? Executors.newFixedThreadPool(spec.poolSize(), factory)
                : Executors.newThreadPerTaskExecutor(factory);
        return new ThreadTaskExecutor(spec, service, owned, stats);
    }

    /** A custom scheduler and the stats of its carriers. */
    private record Scheduler(Executor executor, WorkerStats stats) {
    }

    private static Scheduler scheduler(ExecutorSpec spec) {
        WorkerStats mounts = WorkerStats.ofMounts();
        return switch (spec.scheduler()) {
            // what seed 000 compares: new ForkJoinPool(N), whose defaults include asyncMode=false (LIFO
            // local queues; the JDK's own virtual-thread scheduler is FIFO); only names and daemon differ
            case FORKJOIN -> new Scheduler(
                    MountTimers.forkJoin(spec.size(), WorkerThreads.forkJoin(CARRIER_PREFIX, mounts, true)), mounts);
            case FIXED -> new Scheduler(
                    MountTimers.fixed(spec.size(), WorkerThreads.platform(CARRIER_PREFIX, mounts, true, true)), mounts);
            case CLASS -> {
                Executor user = VirtualThreads.newSchedulerInstance(spec.schedulerClass(), spec.size());
                // a ForkJoinPool must stay one (the JDK treats it apart): it is not wrapped, its carriers' CPU counts
                yield new Scheduler(user, user instanceof ForkJoinPool fj ? WorkerStats.ofCarrierCpu(Carriers.of(fj)) : mounts);
            }
            case DEFAULT -> throw new AssertionError();
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
