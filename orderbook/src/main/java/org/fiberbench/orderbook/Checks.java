package org.fiberbench.orderbook;

/** Argument checks shared by both books; cheap enough for the hot path. */
final class Checks {
    private Checks() {
    }

    static void order(long id, long price, long quantity) {
        if (id < 0) {
            throw new IllegalArgumentException("order id " + id + " must be >= 0");
        }
        if (price <= 0 || price > Prices.MAX_TICKS) {
            throw new IllegalArgumentException("price " + price + " ticks must be > 0 and <= " + Prices.MAX_TICKS);
        }
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity " + quantity + " must be > 0");
        }
    }
}
