package org.fiberbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;

/** The nested sections of a crafted scenario, sized like a real 60 s open-loop run. */
final class CraftedSections {
    private static final String[] TIMINGS = {"naive", "batch", "uniform"};
    private static final int[] ENQUEUED = {1, 10, 50, 100, 1000};

    static final double[] PERCENTILES = spectrumPercentiles();

    private CraftedSections() {
    }

    static void latency(ObjectNode s, Random rnd, boolean saturated) {
        ObjectNode lat = s.putObject("latency");
        lat.put("model", "open").put("timing", "uniform").put("requested_rate_ops_s", 200).put("achieved_rate_ops_s", saturated ? 181.3 : 200)
                .put("users", 0).put("saturated", saturated).put("completed", 12000).put("errors", 0).put("in_flight_at_end", 3);
        if (saturated) {
            lat.put("saturation_reason", "achieved 90.6% of requested rate");
        }
        lat.putObject("errors_by_class").put("timeout", 0);
        double scale = 1e7 * (1 + rnd.nextDouble());
        lat.set("corrected", percentiles(scale * 1.3));
        lat.set("uncorrected", percentiles(scale));
        ObjectNode spectrum = lat.putObject("spectrum");
        ArrayNode corrected = spectrum.putArray("corrected");
        ArrayNode uncorrected = spectrum.putArray("uncorrected");
        for (double p : PERCENTILES) {
            double v = scale * (1 + 3 * Math.pow(1 / (1 - Math.min(p, 0.999999)), 0.35) / 10);
            corrected.addArray().add(p).add(v * 1.3);
            uncorrected.addArray().add(p).add(v);
        }
        ArrayNode intervals = lat.putArray("intervals");
        for (int t = 1; t <= 120; t++) {
            double p50 = scale * (1 + 0.1 * rnd.nextDouble());
            intervals.addObject().put("t_s", t).put("warmup", t <= 10).put("count", 200).put("errors", 0)
                    .put("throughput_ops_s", 195 + rnd.nextInt(10)).put("active_users", 0).put("p50_ns", p50)
                    .put("p90_ns", p50 * 1.5).put("p99_ns", p50 * 2.5).put("max_ns", p50 * 4);
        }
        ArrayNode buckets = lat.putArray("buckets");
        long[] uppers = {5_000_000L, 10_000_000L, 50_000_000L, 100_000_000L, 500_000_000L};
        String[] labels = {"< 5 ms", "< 10 ms", "< 50 ms", "< 100 ms", "< 500 ms"};
        for (int k = 0; k < uppers.length; k++) {
            buckets.addObject().put("label", labels[k]).put("upper_ns", uppers[k]).put("count", 1000 + rnd.nextInt(5000));
        }
    }

    private static ObjectNode percentiles(double scale) {
        ObjectNode p = Json.object();
        p.put("p50_ns", scale).put("p90_ns", scale * 1.4).put("p99_ns", scale * 2.2).put("p99_9_ns", scale * 3.1)
                .put("p99_99_ns", scale * 4).put("max_ns", scale * 5).put("mean_ns", scale * 1.1);
        return p;
    }

    /** HdrHistogram-like: 10 percentile ticks per halving of the distance to 100%, as in a .hgrm file. */
    private static double[] spectrumPercentiles() {
        double[] out = new double[181];
        int k = 0;
        for (int half = 0; half < 18; half++) {
            double from = 1 - Math.pow(0.5, half);
            double to = 1 - Math.pow(0.5, half + 1);
            for (int j = 0; j < 10; j++) {
                out[k++] = from + (to - from) * j / 10;
            }
        }
        out[k] = 1.0;
        return out;
    }

    static void resources(ObjectNode s, Random rnd) {
        ObjectNode res = s.putObject("resources");
        res.put("interval_ms", 100);
        res.putObject("summary").put("threads_peak", 14).put("cpu_user_ms", 5000).put("cpu_sys_ms", 400).put("cpu_util_pct", 90)
                .put("heap_peak_bytes", 300L << 20).put("gc_count", 40).put("gc_time_ms", 120).put("alloc_bytes", 4L << 30)
                .put("alloc_bytes_per_task", 2048).put("rss_peak_bytes", 500L << 20).put("ctx_voluntary", 1000).put("ctx_involuntary", 50);
        ArrayNode tl = res.putArray("timeline");
        double user = 0;
        double sys = 0;
        int gcs = 0;
        for (int t = 0; t < 600; t++) {
            user += 80 + rnd.nextInt(40);
            sys += 5 + rnd.nextInt(5);
            gcs += rnd.nextInt(20) == 0 ? 1 : 0;
            tl.addObject().put("t_ms", t * 100).put("threads", 10 + rnd.nextInt(5)).put("cpu_user_ms", user).put("cpu_sys_ms", sys)
                    .put("heap_used_bytes", (100L << 20) + rnd.nextInt(200 << 20)).put("gc_count", gcs).put("gc_time_ms", gcs * 3)
                    .put("rss_bytes", (400L << 20) + t * 10_000L);
        }
    }

    static void workersAndCarriers(ObjectNode s, Random rnd) {
        ObjectNode w = s.putObject("workers").put("imbalance", 1.07).put("busy", "mounted_time");
        ObjectNode by = w.putObject("by_worker");
        for (int k = 0; k < 4; k++) {
            by.putObject("worker-" + k).put("tasks", 2900 + rnd.nextInt(200)).put("busy_ms", 12000 + rnd.nextInt(1000));
        }
        ObjectNode c = s.putObject("carriers").putObject("busy_pct");
        c.put("fiberbench-carrier-0", 97.1).put("fiberbench-carrier-1", 88.4);
    }

    static void pinning(ObjectNode s) {
        ObjectNode p = s.putObject("pinning").put("count", 3).put("total_ms", 12.1);
        ArrayNode st = p.putArray("top_stacks").addObject().put("count", 3).putArray("stack");
        st.add("java.lang.Object.wait(Native Method)").add("org.example.Legacy.sync(Legacy.java:42)").add("org.example.Task.run(Task.java:10)");
    }

    /** Every fourth scenario from 1 is an order book throughput row, from 2 a latency run, from 3 a micro-benchmark. */
    static void orderbook(ObjectNode s, int i, Random rnd) {
        String impl = (i / 4) % 2 == 0 ? "naive" : "fast";
        switch (i % 4) {
            case 1 -> {
                double rate = impl.equals("fast") ? 9e6 : 6e4;
                long commands = 250_000L * (1 + (i / 8) % 4);
                s.putObject("orderbook").put("kind", "throughput").put("impl", impl).put("jvm", "(default)").put("commands", commands)
                        .put("seconds", commands / rate).put("commands_per_s", rate * (1 + 0.05 * rnd.nextGaussian())).put("repeats", 5);
                s.putObject("jfr").put("measured_s", 0.5).put("execution_samples", 400).put("sampled_allocation_bytes", 1 << 20)
                        .put("gc_count", 2).put("gc_pause_total_ms", 3.5).put("gc_pause_max_ms", 2.1)
                        .set("hot_methods", Json.array().add(Json.object().put("name", "org.fiberbench.orderbook.FastOrderBook.match")
                                .put("value", 300).put("percent", 75.0)));
                ((ObjectNode) s.get("jfr")).set("allocation_by_class", Json.array().add(Json.object().put("name", "long[]")
                        .put("value", 1 << 20).put("percent", 100.0)));
            }
            case 2 -> s.putObject("orderbook").put("kind", "latency").put("impl", impl).put("timing", TIMINGS[(i / 4) % 3])
                    .put("jvm", (i / 12) % 2 == 0 ? "(default)" : "-XX:+UseZGC").put("rate", 45_000).put("sent_per_s", 45_000);
            case 3 -> s.putObject("orderbook").put("kind", "micro").put("impl", "fast").put("benchmark", "cancelFirstOrderInLine")
                    .put("enqueued", ENQUEUED[(i / 4) % ENQUEUED.length]).put("ops_s", 2e7 * (1 + 0.02 * rnd.nextGaussian()))
                    .put("error", 4e5).put("alloc_b_per_op", 0.13);
            default -> { }
        }
    }
}
