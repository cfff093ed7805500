package org.fiberbench.measure;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** The views of a latency histogram (in ns) that results.json keeps for the report's charts. */
public final class HistogramViews {
    private HistogramViews() {
    }

    /**
     * {@code [[p in 0..1, ns], ...]} at HdrHistogram's percentile steps (5 per halving of the tail), as
     * in {@code .hgrm} files, at most {@code maxPoints} of them; empty for an empty histogram.
     */
    public static List<double[]> spectrum(Histogram h, int maxPoints) {
        List<double[]> out = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return out;
        }
        for (HistogramIterationValue v : h.percentiles(5)) {
            out.add(new double[] {v.getPercentileLevelIteratedTo() / 100.0, v.getValueIteratedTo()});
            if (out.size() >= maxPoints) {
                break;
            }
        }
        return out;
    }

    /**
     * {@code [{label, upper_ns, count}]}: values below each of {@code uppersNs} (and above the one
     * before), then the rest as {@code overLabel} with {@code overUpperNs} as its bound.
     */
    public static List<LatencyReport.Bucket> buckets(Histogram h, long[] uppersNs, String[] labels, String overLabel,
                                                     long overUpperNs) {
        List<LatencyReport.Bucket> out = new ArrayList<>();
        long below = 0;
        for (int i = 0; i < uppersNs.length; i++) {
            long upTo = h.getTotalCount() == 0 ? 0 : h.getCountBetweenValues(0, uppersNs[i] - 1);
            out.add(new LatencyReport.Bucket(labels[i], uppersNs[i], upTo - below));
            below = upTo;
        }
        out.add(new LatencyReport.Bucket(overLabel, overUpperNs, h.getTotalCount() - below));
        return out;
    }
}
