package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Shrinks chart data so a report of hundreds of scenarios stays small: series become columns
 * (keys written once), long series are bucketed to a bounded number of points, and chart values
 * keep four significant digits — more than a chart can show.
 */
final class Compact {
    static final int MAX_POINTS = 100;
    static final int SPECTRUM_STEPS_PER_DECADE = 12;
    private static final Set<String> SUMMED = Set.of("count", "errors", "completed");
    private static final Set<String> AVERAGED = Set.of("throughput_ops_s", "active_users");

    private Compact() {
    }

    /**
     * Rows of objects to columns, at most {@link #MAX_POINTS} rows: each bucket of consecutive rows
     * keeps its maximum for gauges and cumulative counters (peaks stay visible), the sum for
     * per-interval counts, the mean for rates, and "any" for booleans.
     */
    static ObjectNode columns(JsonNode rows) {
        ObjectNode out = Json.object();
        if (!rows.isArray() || rows.isEmpty()) {
            return out;
        }
        List<String> keys = new ArrayList<>();
        rows.get(0).fieldNames().forEachRemaining(keys::add);
        int n = rows.size();
        int buckets = Math.min(n, MAX_POINTS);
        for (String key : keys) {
            ArrayNode col = out.putArray(key);
            for (int b = 0; b < buckets; b++) {
                int from = (int) ((long) b * n / buckets);
                int to = (int) ((long) (b + 1) * n / buckets);
                addAggregate(col, key, rows, from, to);
            }
        }
        return out;
    }

    private static void addAggregate(ArrayNode col, String key, JsonNode rows, int from, int to) {
        if (rows.get(from).path(key).isBoolean()) {
            boolean any = false;
            for (int i = from; i < to; i++) {
                any |= rows.get(i).path(key).asBoolean();
            }
            col.add(any);
            return;
        }
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        int count = 0;
        for (int i = from; i < to; i++) {
            JsonNode v = rows.get(i).path(key);
            if (v.isNumber()) {
                sum += v.asDouble();
                max = Math.max(max, v.asDouble());
                count++;
            }
        }
        if (count == 0) {
            col.addNull();
        } else {
            addRounded(col, SUMMED.contains(key) ? sum : AVERAGED.contains(key) ? sum / count : max);
        }
    }

    /**
     * A percentile spectrum [[p, value], ...] with p in 0..1, thinned on the log scale of
     * 1/(1−p) that the chart uses: per step of a twelfth of a decade the highest value is kept.
     * p = 1 (the maximum) is kept, moved to 1 − 1e−7 so that 1/(1−p) stays finite.
     */
    static ArrayNode spectrum(JsonNode points) {
        ArrayNode out = Json.array();
        if (!points.isArray()) {
            return out;
        }
        long lastStep = Long.MIN_VALUE;
        double[] kept = null;
        for (JsonNode pt : points) {
            if (!pt.isArray() || pt.size() < 2 || !pt.get(0).isNumber() || !pt.get(1).isNumber()) {
                continue;
            }
            double p = Math.min(Math.max(pt.get(0).asDouble(), 0), 1 - 1e-7);
            long step = (long) Math.floor(-Math.log10(1 - p) * SPECTRUM_STEPS_PER_DECADE);
            if (kept != null && step == lastStep) {
                kept[0] = p;
                kept[1] = Math.max(kept[1], pt.get(1).asDouble());
                continue;
            }
            flush(out, kept);
            kept = new double[] {p, pt.get(1).asDouble()};
            lastStep = step;
        }
        flush(out, kept);
        return out;
    }

    private static void flush(ArrayNode out, double[] kept) {
        if (kept != null) {
            ArrayNode pair = out.addArray();
            pair.add(round(kept[0], 8));
            addRounded(pair, kept[1]);
        }
    }

    /** Copies an object, rounding every number in it to four significant digits. */
    static JsonNode rounded(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = Json.object();
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                out.set(e.getKey(), rounded(e.getValue()));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.array();
            node.forEach(v -> out.add(rounded(v)));
            return out;
        }
        if (node.isFloatingPointNumber()) {
            double r = round(node.asDouble(), 4);
            return r == Math.rint(r) && Math.abs(r) < 1e15 ? Json.NODES.numberNode((long) r) : Json.NODES.numberNode(r);
        }
        return node;
    }

    static void addRounded(ArrayNode col, double v) {
        if (!Double.isFinite(v)) {
            col.addNull(); // JSON has no NaN or infinity
            return;
        }
        double r = round(v, 4);
        if (r == Math.rint(r) && Math.abs(r) < 1e15) {
            col.add((long) r);
        } else {
            col.add(r);
        }
    }

    static double round(double v, int significant) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        int exponent = (int) Math.floor(Math.log10(Math.abs(v)));
        int decimals = significant - 1 - exponent;
        if (decimals <= 0) {
            double scale = Math.pow(10, -decimals);
            return Math.round(v / scale) * scale;
        }
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }
}
