package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongIntMapTest {
    @Test
    void agreesWithHashMapUnderRandomPutsAndRemoves() {
        Random r = new Random(5);
        LongIntMap map = new LongIntMap(4);
        Map<Long, Integer> model = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            long key = r.nextInt(5_000);
            if (r.nextBoolean() && !model.containsKey(key)) {
                map.putNew(key, i);
                model.put(key, i);
            } else {
                Integer v = model.remove(key);
                assertEquals(v == null ? LongIntMap.MISSING : v, map.remove(key));
            }
            long probe = r.nextInt(5_000);
            assertEquals(model.getOrDefault(probe, LongIntMap.MISSING), map.get(probe));
        }
        assertEquals(model.size(), map.size());
    }
}
