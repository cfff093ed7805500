package org.fiberbench.engine;

import java.time.Duration;
import java.util.Locale;

/** Progress lines: scenario i of n, elapsed time, and an ETA scaled by how the estimate has held so far. */
final class Progress {
    private Progress() {
    }

    static String line(int i, int n, String label, long elapsedNanos, Duration estimatedDone, Duration estimatedTotal) {
        Duration elapsed = Duration.ofNanos(elapsedNanos);
        double scale = estimatedDone.isZero() ? 1.0 : (double) elapsed.toMillis() / Math.max(1, estimatedDone.toMillis());
        long remainingMs = (long) ((estimatedTotal.toMillis() - estimatedDone.toMillis()) * scale);
        return String.format(Locale.ROOT, "[%d/%d] %s  elapsed %s  ETA %s", i, n, label, fmt(elapsed.toMillis()),
                fmt(remainingMs));
    }

    static String fmt(long ms) {
        long s = Math.max(0, ms / 1000);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
