package org.fiberbench.orderbook;

import java.util.SplittableRandom;

/**
 * A deterministic volatile-market command stream in the spirit of seed 002's historical data: a
 * mid price that jumps around a fixed centre, passive orders resting a few ticks behind it,
 * crossing orders that take liquidity, and a stream of cancels, mostly of recent orders (traders
 * chasing the price) and sometimes of old ones that may be gone already. Same options, same stream.
 */
public final class Generator {
    /** The centre of the mid price, in ticks (100.00). */
    private static final long CENTRE = 10_000;
    /** How many of the most recent adds a cancel usually picks from. */
    private static final int RECENT = 256;
    private static final double CROSSING_SHARE = 0.2;
    private static final double OLD_CANCEL_SHARE = 0.2;
    private static final int MAX_QUANTITY = 10;

    /**
     * @param count       commands to make, >= 1
     * @param seed        the random seed
     * @param cancelRatio share of commands that are cancels, in [0, 1)
     * @param levels      how many ticks passive orders spread behind the mid, >= 1
     */
    public record Options(long count, long seed, double cancelRatio, int levels) {
        public static final double DEFAULT_CANCEL_RATIO = 0.4;
        public static final int DEFAULT_LEVELS = 50;

        public Options {
            if (count < 1 || count > Integer.MAX_VALUE - 8) {
                throw new InputException("--count " + count + " is out of range; accepted: 1.." + (Integer.MAX_VALUE - 8));
            }
            if (!(cancelRatio >= 0 && cancelRatio < 1)) {
                throw new InputException("--cancel-ratio " + cancelRatio + " is out of range; accepted: 0 <= R < 1");
            }
            if (levels < 1 || levels > 10_000) {
                throw new InputException("--levels " + levels + " is out of range; accepted: 1..10000");
            }
        }
    }

    private Generator() {
    }

    public static CommandLog generate(Options o) {
        SplittableRandom r = new SplittableRandom(o.seed());
        CommandLog.Builder log = CommandLog.builder();
        long[] recent = new long[RECENT];
        long nextId = 1;
        long mid = CENTRE;
        for (long n = 0; n < o.count(); n++) {
            if (nextId > 1 && r.nextDouble() < o.cancelRatio()) {
                boolean old = r.nextDouble() < OLD_CANCEL_SHARE;
                long recentCount = Math.min(RECENT, nextId - 1);
                log.cancel(old ? 1 + r.nextLong(nextId - 1) : recent[(int) r.nextLong(recentCount)]);
                continue;
            }
            Side side = r.nextBoolean() ? Side.BUY : Side.SELL;
            long price = price(r, side, mid, o.levels());
            log.add(nextId, side, price, 1 + r.nextInt(MAX_QUANTITY));
            recent[(int) (nextId % RECENT)] = nextId;
            nextId++;
            if (r.nextInt(32) == 0) {
                mid = Math.clamp(mid + r.nextInt(-o.levels(), o.levels() + 1) / 4, CENTRE - o.levels(), CENTRE + o.levels());
            }
        }
        return log.build();
    }

    private static long price(SplittableRandom r, Side side, long mid, int levels) {
        int sign = side == Side.BUY ? 1 : -1;
        if (r.nextDouble() < CROSSING_SHARE) {
            return mid + sign * (1 + r.nextInt(3));
        }
        return mid - sign * r.nextInt(1, levels + 1);
    }
}
