package org.fiberbench.orderbook;

import java.util.Arrays;

/**
 * An open-addressing map from non-negative {@code long} keys to {@code int} values, linear probing
 * with backward-shift deletion: no boxing, no tombstones, and no allocation except when it grows.
 * Keys and values are interleaved in one array so that a probe touches one cache line, not two.
 * Not thread-safe.
 */
final class LongIntMap {
    static final int MISSING = -1;
    private static final long EMPTY = -1;

    /** table[2i] = key, table[2i+1] = value. */
    private long[] table;
    private int mask;
    private int size;

    LongIntMap(int expected) {
        int slots = Integer.highestOneBit(Math.max(16, expected * 4 - 1)) << 1;
        table = new long[2 * slots];
        Arrays.fill(table, EMPTY);
        mask = slots - 1;
    }

    int size() {
        return size;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    int get(long key) {
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = table[2 * i];
            if (k == key) {
                return (int) table[2 * i + 1];
            }
            if (k == EMPTY) {
                return MISSING;
            }
        }
    }

    /** Puts a key that is not present (the book checks first). */
    void putNew(long key, int value) {
        if ((size + 1) * 4 > mask + 1) {
            grow();
        }
        int i = slot(key);
        while (table[2 * i] != EMPTY) {
            i = (i + 1) & mask;
        }
        table[2 * i] = key;
        table[2 * i + 1] = value;
        size++;
    }

    /** Removes the key, returning its value or {@link #MISSING}. */
    int remove(long key) {
        int i = slot(key);
        while (table[2 * i] != key) {
            if (table[2 * i] == EMPTY) {
                return MISSING;
            }
            i = (i + 1) & mask;
        }
        int removed = (int) table[2 * i + 1];
        shiftBack(i);
        size--;
        return removed;
    }

    /** Closes the hole at {@code gap} by moving later entries of the probe run back. */
    private void shiftBack(int gap) {
        for (int i = (gap + 1) & mask; table[2 * i] != EMPTY; i = (i + 1) & mask) {
            int home = slot(table[2 * i]);
            // move i to gap when its home lies cyclically outside (gap, i]
            if (((i - home) & mask) >= ((i - gap) & mask)) {
                table[2 * gap] = table[2 * i];
                table[2 * gap + 1] = table[2 * i + 1];
                gap = i;
            }
        }
        table[2 * gap] = EMPTY;
    }

    private void grow() {
        long[] old = table;
        table = new long[2 * old.length];
        Arrays.fill(table, EMPTY);
        mask = old.length - 1;
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != EMPTY) {
                putNew(old[i], (int) old[i + 1]);
            }
        }
    }
}
