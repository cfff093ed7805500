package org.fiberbench.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.workload.Workload;

/**
 * The closed model: N users (virtual threads), each looping submit → wait for its task, so never
 * more than N tasks are in flight. Latency counts from the submit; a closed loop slows down with
 * the system it measures, which is exactly why it cannot show queueing delay the way the open
 * model does.
 */
final class ClosedLoadModel implements LoadModel {
    private final TaskExecutor executor;
    private final Workload workload;
    private final LatencyRecorder recorder;
    private final int users;
    private final long durationNanos;
    private final long rampNanos;
    private final long hangNanos;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicInteger active = new AtomicInteger();
    private final LongAdder submitted = new LongAdder();
    private final AtomicInteger hungUsers = new AtomicInteger();
    private Thread[] threads;
    /** Earliest end asked by {@link #endAt}; the load's own end otherwise. */
    private volatile long endAt = Long.MAX_VALUE;

    /** {@code setup.hangNanos()}: how long after the end a user keeps waiting for its last task before giving up. */
    ClosedLoadModel(LoadModel.Setup setup, ClosedLoad load) {
        this.executor = setup.executor();
        this.workload = setup.workload();
        this.recorder = setup.recorder();
        this.users = load.users();
        this.durationNanos = load.duration().toNanos();
        this.rampNanos = load.ramp().toNanos();
        this.hangNanos = setup.hangNanos();
    }

    @Override
    public void start(long t0) {
        threads = new Thread[users];
        for (int u = 0; u < users; u++) {
            int user = u;
            threads[u] = Thread.ofVirtual().name("fiberbench-user-" + u).start(() -> user(user, t0));
        }
    }

    private void user(int user, long t0) {
        long end = t0 + durationNanos;
        long giveUp = end + hangNanos;
        Ticket ticket = new Ticket(recorder, Thread.currentThread(), inFlight);
        // the schedule starts at t0, as the intervals do; a ramp spreads the users' first submits over it
        long first = t0 + (users == 1 ? 0 : rampNanos / users * user);
        for (long now; (now = System.nanoTime()) < first; ) {
            LockSupport.parkNanos(first - now);
        }
        active.incrementAndGet();
        try {
            for (long seq = user; ; seq += users) {
                long now = System.nanoTime();
                if (now >= end || now >= endAt) {
                    return;
                }
                ticket.arm(now);
                int n = inFlight.incrementAndGet();
                if (n > peakInFlight.get()) {
                    peakInFlight.accumulateAndGet(n, Math::max);
                }
                submitted.increment();
                executor.submit(workload, seq, ticket);
                while (!ticket.isFree()) {
                    long left = giveUp - System.nanoTime();
                    if (left <= 0) {
                        hungUsers.incrementAndGet();
                        return;
                    }
                    LockSupport.parkNanos(ticket, left);
                }
            }
        } finally {
            active.decrementAndGet();
        }
    }

    @Override
    public void endAt(long nanos) {
        endAt = Math.min(endAt, nanos);
    }

    @Override
    public long submitted() {
        return submitted.sum();
    }

    @Override
    public int activeUsers() {
        return active.get();
    }

    @Override
    public boolean stopped() {
        if (threads == null) {
            return false;
        }
        for (Thread t : threads) {
            if (t.isAlive()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Map<String, Long> figures() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("peak_in_flight", (long) peakInFlight.get());
        m.put("hung_users", (long) hungUsers.get());
        return m;
    }
}
