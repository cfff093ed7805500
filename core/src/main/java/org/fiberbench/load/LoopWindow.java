package org.fiberbench.load;

import java.time.Duration;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/** The {@code duration} and {@code warmup} keys every loop load shares: read, checked and printed one way. */
final class LoopWindow {

    private LoopWindow() {
    }

    static Duration duration(Spec s) {
        Duration duration = Numbers.parseDuration(s.where("duration"), s.required("duration", "D (e.g. 10s)"));
        if (duration.isZero()) {
            throw new SpecException(s.where("duration") + ": must be > 0; accepted: a duration like 10s");
        }
        return duration;
    }

    static Duration warmup(Spec s, Duration duration) {
        Duration warmup = s.has("warmup") ? Numbers.parseDuration(s.where("warmup"), s.required("warmup", "W (e.g. 2s)"))
                : Duration.ZERO;
        if (warmup.compareTo(duration) >= 0) {
            throw new SpecException(s.where("warmup") + ": " + Numbers.formatDuration(warmup)
                    + " must be shorter than duration " + Numbers.formatDuration(duration));
        }
        return warmup;
    }

    /** For records built in code (a sweep's variant): the same rules, without a spec to point into. */
    static void check(String kind, Duration duration, Duration warmup) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new SpecException("load " + kind + ": duration " + duration + " is not accepted; accepted: > 0");
        }
        if (warmup == null || warmup.isNegative() || warmup.compareTo(duration) >= 0) {
            throw new SpecException("load " + kind + ": warmup " + warmup + " must be >= 0 and shorter than duration");
        }
    }

    /** {@code ,duration=D[,warmup=W]}: the warm-up only when there is one. */
    static String canonical(Duration duration, Duration warmup) {
        return ",duration=" + Numbers.formatDuration(duration)
                + (warmup.isZero() ? "" : ",warmup=" + Numbers.formatDuration(warmup));
    }
}
