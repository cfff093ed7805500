package org.fiberbench.orderbook;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Every id ever seen, as a paged bit set: one bit per id, pages made on first use. Ids are
 * usually dense and increasing, so the cost is a fraction of a byte per order and nothing is
 * allocated while ids stay within pages already made. Ids beyond the paged range fall back to a
 * boxed set (rare: generated and recorded ids are small).
 */
final class UsedIds {
    private static final int PAGE_BITS = 16;
    private static final int PAGE_WORDS = 1 << (PAGE_BITS - 6);
    private static final long PAGED_LIMIT = 1L << 36;

    private long[][] pages = new long[16][];
    private final Set<Long> beyond = new HashSet<>();

    /** Marks {@code id} used; returns false when it already was. */
    boolean add(long id) {
        if (id >= PAGED_LIMIT) {
            return beyond.add(id);
        }
        int p = (int) (id >>> PAGE_BITS);
        if (p >= pages.length) {
            pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
        }
        long[] page = pages[p];
        if (page == null) {
            page = new long[PAGE_WORDS];
            pages[p] = page;
        }
        int word = (int) (id >>> 6) & (PAGE_WORDS - 1);
        long bit = 1L << id;
        if ((page[word] & bit) != 0) {
            return false;
        }
        page[word] |= bit;
        return true;
    }
}
