package org.fiberbench.jmeter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One agent's (or the embedded engine's) share of a run: every sample it sent back, its errors, and
 * the service-time histogram of its samples that ended after the warm-up. Recording is wait-free
 * and safe from any thread (RMI threads deliver the batches); {@link #lost} and {@link #ended} once.
 */
final class AgentStats {
    final String name;
    private final LongAdder requests = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final Recorder measured = new Recorder(3);
    private final CountDownLatch end = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicBoolean heard = new java.util.concurrent.atomic.AtomicBoolean();
    private final java.util.concurrent.atomic.AtomicLong firstSend = new java.util.concurrent.atomic.AtomicLong(Long.MIN_VALUE);
    private volatile String lost;

    AgentStats(String name) {
        this.name = name;
    }

    void record(boolean ok, long serviceNanos, boolean inWindow) {
        requests.increment();
        if (!ok) {
            errors.increment();
        } else if (inWindow) {
            measured.recordValue(Math.max(0, serviceNanos));
        }
    }

    /**
     * When this agent sent its first request, on the agent's own clock: the send time of the first sample
     * that came back (JMeter returns samples in the order they ended, and its threads start together, so
     * that is the test's start to within one response). Fixed by the first call.
     */
    long firstSend(long sendMillis) {
        firstSend.compareAndSet(Long.MIN_VALUE, sendMillis);
        return firstSend.get();
    }

    /** True exactly once: for the first sample that came back. */
    boolean firstSample() {
        return !heard.get() && heard.compareAndSet(false, true);
    }

    void ended() {
        end.countDown();
    }

    /** The agent stopped answering or failed: its samples so far stay, labelled with {@code why}. */
    void lost(String why) {
        if (lost == null) {
            lost = why;
        }
        end.countDown();
    }

    CountDownLatch end() {
        return end;
    }

    String lostReason() {
        return lost;
    }

    long requests() {
        return requests.sum();
    }

    /** The {@code agents[]} entry of results.json. */
    Map<String, Object> toMap() {
        Histogram h = measured.getIntervalHistogram();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("agent", name);
        m.put("requests", requests.sum());
        m.put("errors", errors.sum());
        m.put("service_p99_ns", h.getTotalCount() == 0 ? null : h.getValueAtPercentile(99));
        m.put("status", lost == null ? "ok" : "lost");
        if (lost != null) {
            m.put("lost_reason", lost);
        }
        return m;
    }
}
