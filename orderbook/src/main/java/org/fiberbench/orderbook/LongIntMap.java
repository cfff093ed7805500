package org.fiberbench.orderbook;

import java.util.Arrays;

/**
 * An open-addressing map from non-negative {@code long} keys to {@code int} values, linear probing
 * with backward-shift deletion: no boxing, no tombstones, and no allocation except when it grows.
 * Not thread-safe.
 */
final class LongIntMap {
    static final int MISSING = -1;
    private static final long EMPTY = -1;

    private long[] keys;
    private int[] values;
    private int mask;
    private int size;

    LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        values = new int[capacity];
        mask = capacity - 1;
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
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return MISSING;
            }
        }
    }

    /** Puts a key that is not present (the book checks first). */
    void putNew(long key, int value) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int i = slot(key);
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
    }

    /** Removes the key, returning its value or {@link #MISSING}. */
    int remove(long key) {
        int i = slot(key);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return MISSING;
            }
            i = (i + 1) & mask;
        }
        int removed = values[i];
        shiftBack(i);
        size--;
        return removed;
    }

    /** Closes the hole at {@code gap} by moving later entries of the probe run back. */
    private void shiftBack(int gap) {
        for (int i = (gap + 1) & mask; keys[i] != EMPTY; i = (i + 1) & mask) {
            int home = slot(keys[i]);
            // move i to gap when its home lies cyclically outside (gap, i]
            if (((i - home) & mask) >= ((i - gap) & mask)) {
                keys[gap] = keys[i];
                values[gap] = values[i];
                gap = i;
            }
        }
        keys[gap] = EMPTY;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                putNew(oldKeys[i], oldValues[i]);
            }
        }
    }
}
