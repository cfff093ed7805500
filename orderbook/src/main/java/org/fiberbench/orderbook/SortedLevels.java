package org.fiberbench.orderbook;

import java.util.Arrays;

/**
 * The price levels of one side, sorted so that the best level is last: removing the best (what
 * matching does) costs nothing, and inserting or removing elsewhere moves only the levels better
 * than it, which in a live book are few. Keys are prices for bids and negated prices for asks, so
 * that "larger key" always means "better". Not thread-safe.
 */
final class SortedLevels {
    private long[] keys = new long[64];
    private int[] levels = new int[64];
    private int size;

    int size() {
        return size;
    }

    /** The level index of the best price; call only when not empty. */
    int best() {
        return levels[size - 1];
    }

    long bestKey() {
        return keys[size - 1];
    }

    void insert(long key, int level) {
        int i = -(Arrays.binarySearch(keys, 0, size, key) + 1);
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            levels = Arrays.copyOf(levels, size * 2);
        }
        System.arraycopy(keys, i, keys, i + 1, size - i);
        System.arraycopy(levels, i, levels, i + 1, size - i);
        keys[i] = key;
        levels[i] = level;
        size++;
    }

    void removeBest() {
        size--;
    }

    void remove(long key) {
        int i = Arrays.binarySearch(keys, 0, size, key);
        System.arraycopy(keys, i + 1, keys, i, size - i - 1);
        System.arraycopy(levels, i + 1, levels, i, size - i - 1);
        size--;
    }
}
