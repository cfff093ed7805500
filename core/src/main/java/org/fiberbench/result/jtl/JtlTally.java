package org.fiberbench.result.jtl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.fiberbench.measure.LatencyReport;

/**
 * Adds JTL samples up as the load generator does: successful samples' elapsed time into HdrHistograms
 * (ns, 3 digits), the total and one per wall-clock second of the send time, errors counted by class,
 * and the same per agent. JMeter writes a row when a sample ends, so rows are not in send order: a
 * second stays open until a sample sent {@link #OPEN_SECONDS} later has been read, then it is closed
 * (written to the interval log, kept as one small interval). A sample for a second already closed
 * still counts in the totals and is counted as {@link #late()}. Single-threaded.
 */
final class JtlTally implements Consumer<JtlSample> {
    static final int OPEN_SECONDS = 60;
    /** Empty seconds between two samples become empty intervals up to this many (a pause, not a day apart). */
    private static final int MAX_GAP_FILLED = 3600;
    private final TreeMap<Long, Second> open = new TreeMap<>();
    private final List<Closed> closed = new ArrayList<>();
    private final Histogram service = new Histogram(3);
    private final Map<String, Agent> agents = new TreeMap<>();
    private final Map<String, Long> errorsByClass = new TreeMap<>();
    private final HistogramLogWriter log;
    private long lastClosed = Long.MIN_VALUE;
    private long ok;
    private long errors;
    private long late;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private int maxThreads;
    private String url;
    private boolean oneUrl = true;

    /** {@code log} (may be null) gets each closed second's histogram. */
    JtlTally(HistogramLogWriter log) {
        this.log = log;
    }

    private static final class Second {
        final Histogram h = new Histogram(3);
        long errors;
        int threads;
    }

    private static final class Agent {
        final Histogram h = new Histogram(3);
        long ok;
        long errors;
    }

    /** One closed second: its key (epoch second), counts, the percentiles of its service time, the threads seen. */
    record Closed(long second, long count, long errors, Long p50Ns, Long p90Ns, Long p99Ns, Long maxNs, int threads) {
    }

    @Override
    public void accept(JtlSample s) {
        long ns = s.elapsedMs() * 1_000_000L;
        long key = Math.floorDiv(s.startMs(), 1000);
        Second sec = key <= lastClosed ? null : open.computeIfAbsent(key, k -> new Second());
        late += sec == null ? 1 : 0;
        Agent agent = s.agent() == null ? null : agents.computeIfAbsent(s.agent(), a -> new Agent());
        if (s.ok()) {
            ok++;
            service.recordValue(ns);
            if (sec != null) {
                sec.h.recordValue(ns);
            }
            if (agent != null) {
                agent.ok++;
                agent.h.recordValue(ns);
            }
        } else {
            errors++;
            errorsByClass.merge(s.errorClass(), 1L, Long::sum);
            if (sec != null) {
                sec.errors++;
            }
            if (agent != null) {
                agent.errors++;
            }
        }
        if (sec != null) {
            sec.threads = Math.max(sec.threads, s.threads());
        }
        maxThreads = Math.max(maxThreads, s.threads());
        if (url == null) {
            url = s.url();
        } else if (oneUrl && !url.equals(s.url())) {
            oneUrl = false;
        }
        firstStart = Math.min(firstStart, s.startMs());
        lastEnd = Math.max(lastEnd, s.endMs());
        while (open.firstKey() < open.lastKey() - OPEN_SECONDS) {
            close(open.pollFirstEntry());
        }
    }

    /** Closes every second still open: call once, after the last sample. */
    void finish() {
        while (!open.isEmpty()) {
            close(open.pollFirstEntry());
        }
    }

    private void close(Map.Entry<Long, Second> e) {
        long key = e.getKey();
        if (lastClosed != Long.MIN_VALUE && key - lastClosed - 1 <= MAX_GAP_FILLED) {
            for (long k = lastClosed + 1; k < key; k++) {
                closed.add(new Closed(k, 0, 0, null, null, null, null, 0));
            }
        }
        Histogram h = e.getValue().h;
        closed.add(new Closed(key, h.getTotalCount(), e.getValue().errors, LatencyReport.Interval.at(h, 50),
                LatencyReport.Interval.at(h, 90), LatencyReport.Interval.at(h, 99), LatencyReport.Interval.max(h),
                e.getValue().threads));
        if (log != null) {
            h.setStartTimeStamp(key * 1000);
            h.setEndTimeStamp(key * 1000 + 1000);
            log.outputIntervalHistogram(h);
        }
        lastClosed = key;
    }

    /**
     * The intervals as the latency section has them: {@code t_s} counts from the first second; the
     * corrected percentiles are null (JMeter has no intended start), the service ones are set.
     */
    List<LatencyReport.Interval> intervals() {
        List<LatencyReport.Interval> out = new ArrayList<>(closed.size());
        long first = closed.isEmpty() ? 0 : closed.get(0).second();
        for (Closed c : closed) {
            double from = Math.max(c.second() * 1000.0, firstStart);
            double seconds = Math.max(0.001, Math.min(c.second() * 1000.0 + 1000, lastEnd) - from) / 1000.0;
            seconds = Math.min(1.0, seconds);
            out.add(new LatencyReport.Interval(c.second() - first + 1, false, null, null, c.count(), c.errors(),
                    c.count() / seconds, c.threads() > 0 ? c.threads() : null, null, null, null, null, null, c.p50Ns(),
                    c.p99Ns()));
        }
        return out;
    }

    /** Per agent (sorted by name): requests, errors, throughput over the whole span and the p99 service time. */
    List<Map<String, Object>> agents() {
        List<Map<String, Object>> out = new ArrayList<>();
        agents.forEach((name, a) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("agent", name);
            m.put("requests", a.ok + a.errors);
            m.put("completed", a.ok);
            m.put("errors", a.errors);
            m.put("throughput_ops_s", spanSeconds() > 0 ? a.ok / spanSeconds() : 0.0);
            m.put("service_p50_ns", LatencyReport.Interval.at(a.h, 50));
            m.put("service_p99_ns", LatencyReport.Interval.at(a.h, 99));
            out.add(m);
        });
        return out;
    }

    /** From the first sample's send to the last one's answer, in seconds. */
    double spanSeconds() {
        return lastEnd > firstStart ? (lastEnd - firstStart) / 1000.0 : 0;
    }

    double throughput() {
        return spanSeconds() > 0 ? ok / spanSeconds() : 0;
    }

    Histogram service() {
        return service;
    }

    Map<String, Long> errorsByClass() {
        return errorsByClass;
    }

    long ok() {
        return ok;
    }

    long errors() {
        return errors;
    }

    long late() {
        return late;
    }

    long firstStartMs() {
        return firstStart;
    }

    long lastEndMs() {
        return lastEnd;
    }

    /** The URL every sample requested, or null when they differ or none was saved. */
    String url() {
        return oneUrl ? url : null;
    }

    int maxThreads() {
        return maxThreads;
    }
}
