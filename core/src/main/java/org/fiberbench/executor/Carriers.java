package org.fiberbench.executor;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.Predicate;

/**
 * Finds the carrier of the running virtual thread, and the CPU time of carrier threads, without
 * building a string. The carrier comes from the JDK's package-private {@code
 * Thread.currentCarrierThread()} (an intrinsic: a register read once compiled), reachable because
 * every fork runs with {@code --add-opens java.base/java.lang=ALL-UNNAMED}; without that, {@link
 * #current()} answers null and the balance says the per-carrier task counts are unknown.
 *
 * <p>Thread-safe: stateless apart from the handles resolved once.
 */
final class Carriers {
    /** The class of the JDK default scheduler's carrier threads. */
    static final String JDK_CARRIER_CLASS = "jdk.internal.misc.CarrierThread";
    private static final MethodHandle CURRENT_CARRIER = findCurrentCarrier();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isThreadCpuTimeSupported();

    private Carriers() {
    }

    /** True when {@link #current()} can name the carrier. */
    static boolean known() {
        return CURRENT_CARRIER != null;
    }

    /** The platform thread carrying the current thread (itself for a platform thread), or null when unknown. */
    static Thread current() {
        if (CURRENT_CARRIER == null) {
            return null;
        }
        try {
            return (Thread) CURRENT_CARRIER.invokeExact();
        } catch (Throwable e) {
            return null;
        }
    }

    /** The CPU time {@code t} has used so far, in ns, or -1 when it ended or the JVM cannot tell. */
    static long cpuNanos(Thread t) {
        return CPU ? THREADS.getThreadCpuTime(t.threadId()) : -1;
    }

    /** Carriers of the JDK's default virtual-thread scheduler: its {@code CarrierThread}s. */
    static Predicate<Thread> ofJdkScheduler() {
        return t -> t.getClass().getName().equals(JDK_CARRIER_CLASS);
    }

    /** Carriers of {@code pool}: its worker threads. */
    static Predicate<Thread> of(ForkJoinPool pool) {
        return t -> t instanceof ForkJoinWorkerThread w && w.getPool() == pool;
    }

    /** The live platform threads that {@code carriers} accepts (an enumeration: never per task). */
    static List<Thread> alive(Predicate<Thread> carriers) {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        if (root == null) { // a virtual thread that ended has no group; the caller is alive, so only a guard
            return List.of();
        }
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 64];
        int n = root.enumerate(all, true);
        return Arrays.stream(all, 0, n).filter(carriers).toList();
    }

    private static MethodHandle findCurrentCarrier() {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
            return l.findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // java.lang not opened to fiberbench: carriers stay anonymous
        }
    }
}
