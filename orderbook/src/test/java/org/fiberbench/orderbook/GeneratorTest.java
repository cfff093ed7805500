package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class GeneratorTest {
    private static String text(Generator.Options o) throws IOException {
        StringWriter w = new StringWriter();
        CommandCodec.write(Generator.generate(o), w);
        return w.toString();
    }

    @Test
    void sameSeedGivesSameStream() throws IOException {
        assertEquals(text(new Generator.Options(2000, 42, 0.4, 50)), text(new Generator.Options(2000, 42, 0.4, 50)));
    }

    @Test
    void otherSeedGivesOtherStream() throws IOException {
        assertNotEquals(text(new Generator.Options(2000, 42, 0.4, 50)), text(new Generator.Options(2000, 43, 0.4, 50)));
    }

    @Test
    void cancelRatioIsRoughlyKept() {
        CommandLog log = Generator.generate(new Generator.Options(50_000, 1, 0.3, 50));
        long cancels = java.util.stream.IntStream.range(0, log.size()).filter(i -> !log.isAdd(i)).count();
        assertEquals(0.3, cancels / 50_000.0, 0.02);
    }

    @Test
    void streamCrossesAndRests() {
        CommandLog log = Generator.generate(new Generator.Options(50_000, 1, 0.4, 50));
        CountingSink none = new CountingSink();
        OrderBook book = BookKind.FAST.newBook();
        Replay.run(log, book, none, log.size());
        assertTrue(book.restingOrders() > 100, "book keeps depth: " + book.restingOrders());
        assertTrue(book.bestBid() < book.bestAsk());
    }

    @Test
    void rejectsCancelRatioOfOne() {
        assertThrows(IllegalArgumentException.class, () -> new Generator.Options(10, 1, 1.0, 50));
    }
}
