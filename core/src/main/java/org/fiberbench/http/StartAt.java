package org.fiberbench.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.fiberbench.spec.SpecException;

/**
 * {@code load --start-at TIME}: the instant several generators on several machines start together,
 * so that their one-second intervals line up and {@code merge} can add them. Bounded both ways: a
 * time already past (by more than {@link #LATE}) would start a late generator out of step, and
 * one more than {@link #MAX_AHEAD} away is almost surely a typo that would leave a job hanging.
 */
public final class StartAt {
    /** How far in the past a start may be and still be taken as "now": the slack of a command line. */
    public static final Duration LATE = Duration.ofSeconds(1);
    public static final Duration MAX_AHEAD = Duration.ofHours(24);

    private StartAt() {
    }

    /**
     * Parses an ISO-8601 instant ({@code 2026-11-25T18:00:00Z}, or with an offset) or a local time
     * of today ({@code HH:MM:SS}) and checks it against {@code clock}.
     *
     * @throws SpecException naming the value and what is accepted
     */
    public static Instant parse(String text, Clock clock) {
        Instant at = instant(text == null ? "" : text.trim(), clock);
        Instant now = clock.instant();
        if (at.isBefore(now.minus(LATE))) {
            throw new SpecException("--start-at " + text + " is " + Duration.between(at, now).toSeconds()
                    + " s in the past; accepted: a time from now to 24 h ahead");
        }
        if (at.isAfter(now.plus(MAX_AHEAD))) {
            throw new SpecException("--start-at " + text + " is more than 24 h ahead; accepted: a time from now to 24 h ahead");
        }
        return at;
    }

    private static Instant instant(String text, Clock clock) {
        try {
            if (text.matches("\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?")) {
                return LocalDate.now(clock).atTime(LocalTime.parse(text)).atZone(clock.getZone()).toInstant();
            }
            return text.endsWith("Z") ? Instant.parse(text) : OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new SpecException("--start-at '" + text + "' is not a time; accepted: an ISO-8601 instant "
                    + "(2026-11-25T18:00:00Z, or with an offset) or a local time of today (HH:MM:SS)");
        }
    }

    /**
     * Sleeps until {@code at} by the wall clock, waking often enough to stop when {@code stopped} says
     * so; returns false when stopped first.
     */
    public static boolean await(Instant at, BooleanSupplier stopped) {
        while (!stopped.getAsBoolean()) {
            long leftNanos = Duration.between(Instant.now(), at).toNanos();
            if (leftNanos <= 0) {
                return true;
            }
            LockSupport.parkNanos(Math.min(leftNanos, 50_000_000L));
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return false;
    }
}
