package org.fiberbench.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * Response-time buckets (seed 003's JMeter "response time ranges"): bounds {@code 500ms,1500ms}
 * make {@code < 500 ms}, {@code 500–1500 ms}, {@code >= 1500 ms}.
 */
public record Buckets(List<Duration> bounds) {
    public static final Buckets DEFAULT = new Buckets(List.of(Duration.ofMillis(500), Duration.ofMillis(1500)));

    public Buckets {
        if (bounds.isEmpty()) {
            throw new SpecException("--buckets needs at least one bound; accepted: e.g. 500ms,1500ms");
        }
        for (int i = 1; i < bounds.size(); i++) {
            if (bounds.get(i).compareTo(bounds.get(i - 1)) <= 0) {
                throw new SpecException("--buckets bounds must increase: " + text(bounds) + "; accepted: e.g. 500ms,1500ms");
            }
        }
        bounds = List.copyOf(bounds);
    }

    public static Buckets parse(String text) {
        List<Duration> out = new ArrayList<>();
        for (String part : text.split(",")) {
            Duration d = Numbers.parseDuration("--buckets", part.trim());
            if (d.isZero()) {
                throw new SpecException("--buckets bound '" + part.trim() + "' must be > 0; accepted: e.g. 500ms,1500ms");
            }
            out.add(d);
        }
        return new Buckets(out);
    }

    private static String text(List<Duration> bounds) {
        return String.join(",", bounds.stream().map(Numbers::formatDuration).toList());
    }

    @Override
    public String toString() {
        return text(bounds);
    }

    /** {@code [{label, upper_ns, count}]} over the histogram's recorded values (nanoseconds). */
    public List<Map<String, Object>> count(Histogram h) {
        return ranges(h).stream().map(LatencyReport.Bucket::toMap).toList();
    }

    /** The ranges and their counts over the histogram's recorded values (nanoseconds); the last one unbounded. */
    public List<LatencyReport.Bucket> ranges(Histogram h) {
        List<LatencyReport.Bucket> out = new ArrayList<>();
        long lower = 0;
        for (int i = 0; i <= bounds.size(); i++) {
            boolean last = i == bounds.size();
            long upper = last ? Long.MAX_VALUE : bounds.get(i).toNanos();
            long n = h.getTotalCount() == 0 ? 0
                    : h.getCountBetweenValues(lower, Math.min(upper - 1, h.getMaxValue()));
            String label = i == 0 ? "< " + ms(upper) : last ? ">= " + ms(lower) : ms(lower).replace(" ms", "") + "–" + ms(upper);
            out.add(new LatencyReport.Bucket(label, last ? null : upper, lower > h.getMaxValue() ? 0 : n));
            lower = upper;
        }
        return out;
    }

    private static String ms(long ns) {
        double ms = ns / 1e6;
        return (ms == Math.rint(ms) ? Long.toString((long) ms) : Double.toString(ms)) + " ms";
    }

    /** The sum of an {@code .hlog}'s intervals not tagged {@code warmup} (values in ns). */
    public static Histogram measuredFromHlog(java.nio.file.Path hlog) throws java.io.IOException {
        Histogram total = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                if (h instanceof Histogram hh && !"warmup".equals(h.getTag())) {
                    total.add(hh);
                }
            }
        } finally {
            reader.close();
        }
        return total;
    }
}
