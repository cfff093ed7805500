package org.fiberbench.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.Sample;

/**
 * The shared statistics ({@code org.fiberbench.stats}) in the shapes results.json holds, so the
 * console table says what the report and {@code compare} say. Stateless and thread-safe.
 */
public final class Stats {
    private Stats() {
    }

    /** Half-width of the 99.9% Student-t interval of the mean; NaN with fewer than 2 values. */
    public static double halfWidth(double[] v) {
        return v.length < 2 ? Double.NaN : Sample.of(v).error();
    }

    /**
     * mean(b) / mean(a) with its 99.9% interval, as results.json's {@code ratio}:
     * {@code {value, ci_low, ci_high, significant}}. Without an interval (fewer than two
     * iterations on either side, or a zero baseline) both ends are null and nothing is
     * significant; when the data give no upper bound, {@code ci_high} alone is null.
     */
    public static Map<String, Object> ratio(double[] a, double[] b) {
        Sample base = Sample.of(a);
        Ratio r = base.mean() == 0 ? Ratio.point(Sample.of(b).mean() / base.mean()) : Ratio.of(Sample.of(b), base);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("value", r.value());
        out.put("ci_low", r.hasInterval() ? r.ciLow() : null);
        out.put("ci_high", r.hasInterval() && r.interval().bounded() ? r.ciHigh() : null);
        out.put("significant", r.significant());
        return out;
    }
}
