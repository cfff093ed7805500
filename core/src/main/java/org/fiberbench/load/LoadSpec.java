package org.fiberbench.load;

import java.time.Duration;
import java.util.Locale;
import java.util.List;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A validated load-model spec.
 *
 * @param kind     batch, closed or open
 * @param tasks    batch: tasks per batch
 * @param users    closed: concurrent users
 * @param rate     open: tasks per second
 * @param duration closed/open: measured time, after warm-up
 * @param warmup   closed/open: time before measurement (excluded from totals)
 * @param poisson  open: exponential inter-arrival times instead of uniform spacing
 */
public record LoadSpec(Kind kind, long tasks, int users, double rate, Duration duration, Duration warmup,
                       boolean poisson) {

    public static final long MAX_TASKS = 100_000_000L;
    public static final int MAX_USERS = 1_000_000;
    public static final double MAX_RATE = 10_000_000;

    /** The load models, with the keys each accepts and an example for {@code list loads}. */
    /** Below this share of the requested rate an open load is saturated: reported with a warning. */
    public static final double SATURATION_SHARE = 0.95;

    public enum Kind {
        BATCH(List.of("tasks"), "batch:tasks=10000",
                "submit N tasks, wait for all; JMH scores the batch (ms per batch, or batches/s with --mode thrpt)"),
        CLOSED(List.of("users", "duration", "warmup"), "closed:users=100,duration=10s,warmup=2s",
                "N users each loop submit -> wait; never more than N tasks in flight; throughput and latency per task"),
        OPEN(List.of("rate", "duration", "warmup", "arrival"), "open:rate=1000,duration=10s,warmup=2s,arrival=poisson",
                "R tasks/s started on a fixed schedule (arrival=uniform, default, or poisson) whatever the system does;"
                        + " latency from each task's intended start (corrected) beside its service time");

        private final List<String> keys;
        private final String example;
        private final String description;

        Kind(List<String> keys, String example, String description) {
            this.keys = keys;
            this.example = example;
            this.description = description;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public List<String> keys() {
            return keys;
        }

        public String example() {
            return example;
        }

        public String description() {
            return description;
        }
    }

    public static LoadSpec parse(String text) {
        Spec s = Spec.parse("load", text);
        return switch (s.kind().toLowerCase(Locale.ROOT)) {
            case "batch" -> {
                s.requireKeys(Kind.BATCH.keys());
                yield new LoadSpec(Kind.BATCH, s.requiredLong("tasks", 1, MAX_TASKS), 0, 0, null, null, false);
            }
            case "closed" -> {
                s.requireKeys(Kind.CLOSED.keys());
                int users = (int) s.requiredLong("users", 1, MAX_USERS);
                Duration[] dw = durations(s);
                yield new LoadSpec(Kind.CLOSED, 0, users, 0, dw[0], dw[1], false);
            }
            case "open" -> {
                s.requireKeys(Kind.OPEN.keys());
                double rate = Numbers.parseDouble(s.where("rate"), s.required("rate", "R (tasks per second)"), 0, MAX_RATE);
                Duration[] dw = durations(s);
                String arrival = s.string("arrival", "uniform").toLowerCase(Locale.ROOT);
                if (!arrival.equals("uniform") && !arrival.equals("poisson")) {
                    throw new SpecException(s.where("arrival") + ": '" + arrival + "' is not accepted; accepted: uniform, poisson");
                }
                yield new LoadSpec(Kind.OPEN, 0, 0, rate, dw[0], dw[1], arrival.equals("poisson"));
            }
            default -> throw new SpecException("unknown load kind '" + s.kind() + "'; accepted: batch, closed, open");
        };
    }

    private static Duration[] durations(Spec s) {
        Duration duration = Numbers.parseDuration(s.where("duration"), s.required("duration", "D (e.g. 10s)"));
        if (duration.isZero()) {
            throw new SpecException(s.where("duration") + ": must be > 0; accepted: a duration like 10s");
        }
        Duration warmup = s.has("warmup") ? Numbers.parseDuration(s.where("warmup"), s.required("warmup", "W (e.g. 2s)"))
                : Duration.ZERO;
        if (warmup.compareTo(duration) >= 0) {
            throw new SpecException(s.where("warmup") + ": " + Numbers.formatDuration(warmup)
                    + " must be shorter than duration " + Numbers.formatDuration(duration));
        }
        return new Duration[] {duration, warmup};
    }

    public String canonical() {
        return switch (kind) {
            case BATCH -> "batch:tasks=" + tasks;
            case CLOSED -> "closed:users=" + users + ",duration=" + Numbers.formatDuration(duration)
                    + (warmup.isZero() ? "" : ",warmup=" + Numbers.formatDuration(warmup));
            case OPEN -> "open:rate=" + formatRate(rate) + ",duration=" + Numbers.formatDuration(duration)
                    + (warmup.isZero() ? "" : ",warmup=" + Numbers.formatDuration(warmup))
                    + (poisson ? ",arrival=poisson" : "");
        };
    }

    private static String formatRate(double r) {
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
