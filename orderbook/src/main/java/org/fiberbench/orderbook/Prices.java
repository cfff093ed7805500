package org.fiberbench.orderbook;

/** Prices are decimals with at most two places, held as a {@code long} count of ticks (cents). */
public final class Prices {
    /** Largest accepted price in ticks: leaves room for sums without overflow. */
    static final long MAX_TICKS = 1_000_000_000_000_000L;

    private Prices() {
    }

    /**
     * Parses "12", "12.3" or "12.34" into ticks.
     *
     * @throws InputException naming the text unless it is a positive decimal with at most 2 places
     */
    public static long parse(String text) {
        int dot = text.indexOf('.');
        String whole = dot < 0 ? text : text.substring(0, dot);
        String frac = dot < 0 ? "" : text.substring(dot + 1);
        if (whole.isEmpty() || frac.length() > 2 || (dot >= 0 && frac.isEmpty())
                || !digits(whole) || !digits(frac) || whole.length() > 16) {
            throw new InputException("price '" + text + "' is not a positive decimal with at most 2 places");
        }
        long ticks = Long.parseLong(whole) * 100 + (frac.isEmpty() ? 0 : Long.parseLong(frac) * (frac.length() == 1 ? 10 : 1));
        if (ticks <= 0 || ticks > MAX_TICKS) {
            throw new InputException("price '" + text + "' must be > 0 and <= " + format(MAX_TICKS));
        }
        return ticks;
    }

    /** Formats ticks with exactly two decimals, e.g. 1234 as "12.34". */
    public static String format(long ticks) {
        StringBuilder b = new StringBuilder(24);
        appendTo(b, ticks);
        return b.toString();
    }

    /** Appends {@link #format(long)} without creating an intermediate string. */
    public static void appendTo(StringBuilder b, long ticks) {
        b.append(ticks / 100).append('.');
        long cents = ticks % 100;
        if (cents < 10) {
            b.append('0');
        }
        b.append(cents);
    }

    private static boolean digits(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
