package org.fiberbench.orderbook;

/** Why an add was rejected; {@link #code()} is the word in the events file. */
public enum RejectReason {
    /** The id is resting, or was used by any earlier order (ids are never reused). */
    DUPLICATE_ID("duplicate-id");

    private final String code;

    RejectReason(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
