package org.fiberbench.orderbook;

/** The side of a limit order; {@link #code()} is its letter in command files. */
public enum Side {
    BUY('B'),
    SELL('S');

    private final char code;

    Side(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    public Side opposite() {
        return this == BUY ? SELL : BUY;
    }

    /** @throws InputException unless {@code text} is "B" or "S" */
    public static Side parse(String text) {
        return switch (text) {
            case "B" -> BUY;
            case "S" -> SELL;
            default -> throw new InputException("side '" + text + "' is not B or S");
        };
    }
}
