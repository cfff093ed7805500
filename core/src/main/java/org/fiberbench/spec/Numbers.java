package org.fiberbench.spec;

import java.time.Duration;
import java.util.Locale;

/** Number, duration and range parsing with messages that name the value and the accepted form. */
public final class Numbers {
    private Numbers() {
    }

    /** Parses {@code 10000}, {@code 10_000}, {@code 10k}, {@code 1m}, {@code 1e6}. */
    public static long parseLong(String where, String text, long min, long max) {
        long v;
        try {
            v = parseScaled(text.trim());
        } catch (NumberFormatException e) {
            throw new SpecException(where + ": '" + text + "' is not a whole number; accepted: " + min + ".." + max);
        }
        if (v < min || v > max) {
            throw new SpecException(where + ": " + text + " is out of range; accepted: " + min + ".." + max);
        }
        return v;
    }

    private static long parseScaled(String t) {
        String s = t.replace("_", "").toLowerCase(Locale.ROOT);
        if (s.isEmpty() || !isAscii(s)) {
            throw new NumberFormatException(t);
        }
        long mult = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'k') {
            mult = 1_000;
        } else if (last == 'm') {
            mult = 1_000_000;
        }
        if (mult != 1) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.contains("e")) {
            double d = Double.parseDouble(s) * mult;
            if (d != Math.rint(d) || Math.abs(d) > 9e18) {
                throw new NumberFormatException(t);
            }
            return (long) d;
        }
        return Math.multiplyExact(Long.parseLong(s), mult);
    }

    public static double parseDouble(String where, String text, double minExclusive, double max) {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new SpecException(where + ": '" + text + "' is not a number; accepted: > " + minExclusive + " and <= " + max);
        }
        if (!(v > minExclusive) || v > max || Double.isNaN(v)) {
            throw new SpecException(where + ": " + text + " is out of range; accepted: > " + minExclusive + " and <= " + max);
        }
        return v;
    }

    /**
     * As {@link #parseDuration(String, String)}, and zero is refused too: for a time limit or a
     * measuring period, where zero would make every attempt fail or measure nothing.
     */
    public static Duration parsePositiveDuration(String where, String text) {
        Duration d = parseDuration(where, text);
        if (d.isZero()) {
            throw new SpecException(at(where) + text + " is zero; accepted: a duration > 0, like 500ms, 10s, 2m");
        }
        return d;
    }

    /** {@code "where: "}, or nothing when the caller (a picocli converter) names the option itself. */
    private static String at(String where) {
        return where.isEmpty() ? "" : where + ": ";
    }

    /**
     * Parses a duration: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}; a bare number is seconds.
     * The message starts with {@code where}, unless it is empty.
     */
    public static Duration parseDuration(String where, String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (!isAscii(s)) {
                throw new NumberFormatException(text);
            }
            Duration d;
            if (s.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)));
            } else if (s.endsWith("us")) {
                d = Duration.ofNanos(Long.parseLong(s.substring(0, s.length() - 2)) * 1000);
            } else if (s.endsWith("s")) {
                d = Duration.ofMillis(Math.round(Double.parseDouble(s.substring(0, s.length() - 1)) * 1000));
            } else if (s.endsWith("m")) {
                d = Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)) * 60);
            } else if (s.endsWith("h")) {
                d = Duration.ofHours(Long.parseLong(s.substring(0, s.length() - 1)));
            } else {
                d = Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
            }
            if (d.isNegative()) {
                throw new SpecException(at(where) + text + " is negative; accepted: a duration like 500ms, 10s, 2m");
            }
            return d;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new SpecException(at(where) + "'" + text + "' is not a duration; accepted: 500ms, 10s, 2m, 1h");
        }
    }

    /** Long.parseLong and Character.isDigit take any Unicode digit ("１" is 1): fiberbench reads ASCII only. */
    private static boolean isAscii(String s) {
        return s.chars().allMatch(c -> c < 128);
    }

    /** Prints a duration the way {@link #parseDuration} reads it back. */
    public static String formatDuration(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
