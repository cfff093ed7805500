package org.fiberbench.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/** What the virtual-thread kinds share to make their executors, and the shutdown every pool uses. */
final class TaskExecutors {
    /** Names given to carrier threads of fiberbench-made schedulers, so tests and stats can see them. */
    static final String CARRIER_PREFIX = "fiberbench-carrier-";

    private TaskExecutors() {
    }

    /** A virtual thread per task, or a pool of them, on the spec's scheduler; its balance counts the carriers. */
    static TaskExecutor virtual(OnVirtualThreads spec, int poolSize) {
        VirtualScheduler scheduler = spec.scheduler();
        List<AutoCloseable> owned = new ArrayList<>();
        Thread.Builder.OfVirtual builder;
        WorkerStats stats;
        if (scheduler.isDefault()) {
            // the JDK's scheduler cannot be timed per mount: its carriers' CPU time is their busy time
            stats = WorkerStats.ofCarrierCpu(Carriers.ofJdkScheduler());
            builder = Thread.ofVirtual();
        } else {
            Executor executor;
            if (scheduler.kind() == ExecutorSpec.Scheduler.CLASS) {
                Scheduler made = scheduler(scheduler);
                stats = made.stats();
                if (made.executor() instanceof ExecutorService es) {
                    owned.add(() -> shutdown(es));
                } else if (made.executor() instanceof AutoCloseable c) {
                    owned.add(c);
                }
                executor = stats.busy() == WorkerStats.Busy.MOUNTED_TIME ? MountTimers.wrap(made.executor(), stats) : made.executor();
            } else {
                // fiberbench's own schedulers live for the trial: taken here, given back on close
                SchedulerPool.Pooled pooled = SchedulerPool.take(scheduler, () -> pooled(scheduler));
                stats = pooled.stats();
                owned.add(() -> SchedulerPool.give(pooled));
                executor = pooled.executor();
            }
            builder = VirtualThreads.builder(executor);
        }
        // a thread per task is left unnamed, as Executors.newVirtualThreadPerTaskExecutor() leaves it: a
        // name is a string built per thread, which cost 10,000 sleeping tasks about 1% of their batch
        ExecutorService service = poolSize > 0
                ? Executors.newFixedThreadPool(poolSize, builder.name("fiberbench-virtual-", 0).factory())
                : Executors.newThreadPerTaskExecutor(builder.factory());
        return new ThreadTaskExecutor(spec, service, owned, stats);
    }

    /** A custom scheduler and the stats of its carriers. */
    private record Scheduler(Executor executor, WorkerStats stats) {
    }

    /** A fixed or ForkJoin scheduler of fiberbench's, its carriers counted per mount. */
    private static SchedulerPool.Pooled pooled(VirtualScheduler spec) {
        WorkerStats mounts = WorkerStats.ofMounts();
        return switch (spec.kind()) {
            // what the scheduler experiment compares: new ForkJoinPool(N), whose defaults include asyncMode=false (LIFO
            // local queues; the JDK's own virtual-thread scheduler is FIFO); only names and daemon differ
            case FORKJOIN -> new SchedulerPool.Pooled(spec,
                    MountTimers.forkJoin(spec.carriers(), WorkerThreads.forkJoin(CARRIER_PREFIX, mounts, true)), mounts);
            case FIXED -> new SchedulerPool.Pooled(spec,
                    MountTimers.fixed(spec.carriers(), WorkerThreads.platform(CARRIER_PREFIX, mounts, true, true)), mounts);
            case CLASS, DEFAULT -> throw new AssertionError(spec);
        };
    }

    /** A user's scheduler class, made anew for each executor. */
    private static Scheduler scheduler(VirtualScheduler spec) {
        Executor user = VirtualThreads.newSchedulerInstance(spec.className(), spec.carriers());
        // a ForkJoinPool must stay one (the JDK treats it apart): it is not wrapped, its carriers' CPU counts
        return new Scheduler(user, user instanceof ForkJoinPool fj ? WorkerStats.ofCarrierCpu(Carriers.of(fj)) : WorkerStats.ofMounts());
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
