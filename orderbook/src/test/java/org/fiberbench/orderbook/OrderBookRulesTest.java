package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** One rule of the issue per test, on both implementations. */
class OrderBookRulesTest {
    private static List<String> run(BookKind kind, String commands) {
        try {
            CommandLog log = CommandCodec.read(new java.io.StringReader(commands), "test");
            EventList events = new EventList();
            Replay.run(log, kind.newBook(), events, log.size());
            return events.events().stream().map(Event::csv).toList();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void nonCrossingOrderRests(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2"), run(kind, "A,1,B,10.00,5\nA,2,S,10.01,5\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void completeFillYieldsOnlyExecutions(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.00,5"), run(kind, "A,1,S,10.00,5\nA,2,B,10.00,5\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void priceImprovementGoesToTheIncomingOrder(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,9.50,3"), run(kind, "A,1,S,9.5,3\nA,2,B,10.00,3\n"));
        assertEquals(List.of("ADDED,1", "EXECUTED,1,2,10.25,3"), run(kind, "A,1,B,10.25,3\nA,2,S,9.00,3\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void bestPriceFillsFirst(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2", "EXECUTED,3,2,10.00,1", "EXECUTED,3,1,10.10,1"),
                run(kind, "A,1,S,10.10,1\nA,2,S,10.00,1\nA,3,B,10.10,2\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void oldestOrderFillsFirstAtOnePrice(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2", "EXECUTED,1,3,10.00,1"),
                run(kind, "A,1,B,10.00,1\nA,2,B,10.00,1\nA,3,S,10.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void remainderRestsAtItsOwnPrice(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.00,2", "ADDED,2", "EXECUTED,2,3,10.50,3"),
                run(kind, "A,1,S,10.00,2\nA,2,B,10.50,5\nA,3,S,10.20,3\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void partialFillKeepsTimePriority(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2", "EXECUTED,3,1,10.00,2", "EXECUTED,4,1,10.00,3",
                        "EXECUTED,4,2,10.00,1"),
                run(kind, "A,1,S,10.00,5\nA,2,S,10.00,5\nA,3,B,10.00,2\nA,4,B,10.00,4\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void incomingOrderSweepsSeveralLevels(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2", "ADDED,3", "EXECUTED,1,4,10.00,1", "EXECUTED,2,4,9.90,1",
                        "ADDED,4"),
                run(kind, "A,1,B,10.00,1\nA,2,B,9.90,1\nA,3,B,9.00,1\nA,4,S,9.50,3\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void cancelRemovesTheRestingOrder(BookKind kind) {
        assertEquals(List.of("ADDED,1", "CANCELED,1", "ADDED,2"), run(kind, "A,1,S,10.00,1\nC,1\nA,2,B,10.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void cancelRemovesOnlyTheRemainderOfAPartlyFilledOrder(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.00,2", "CANCELED,1", "ADDED,3"),
                run(kind, "A,1,S,10.00,5\nA,2,B,10.00,2\nC,1\nA,3,B,10.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void cancelOfUnknownIdIsRejected(BookKind kind) {
        assertEquals(List.of("CANCEL_REJECTED,7"), run(kind, "C,7\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void cancelOfFilledOrderIsRejected(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.00,1", "CANCEL_REJECTED,1"),
                run(kind, "A,1,S,10.00,1\nA,2,B,10.00,1\nC,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void secondCancelIsRejected(BookKind kind) {
        assertEquals(List.of("ADDED,1", "CANCELED,1", "CANCEL_REJECTED,1"), run(kind, "A,1,S,10.00,1\nC,1\nC,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void duplicateOfRestingIdIsRejected(BookKind kind) {
        assertEquals(List.of("ADDED,1", "REJECTED,1,duplicate-id"), run(kind, "A,1,S,10.00,1\nA,1,B,9.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void reuseOfCancelledIdIsRejected(BookKind kind) {
        assertEquals(List.of("ADDED,1", "CANCELED,1", "REJECTED,1,duplicate-id"),
                run(kind, "A,1,S,10.00,1\nC,1\nA,1,S,10.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void reuseOfFilledIdIsRejected(BookKind kind) {
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.00,1", "REJECTED,2,duplicate-id"),
                run(kind, "A,1,S,10.00,1\nA,2,B,10.00,1\nA,2,B,10.00,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void unitQuantitiesBehaveLikeTheSeedBook(BookKind kind) {
        assertEquals(List.of("ADDED,1", "ADDED,2", "EXECUTED,3,1,10.00,1", "CANCELED,2", "CANCEL_REJECTED,1"),
                run(kind, "A,1,S,10.00,1\nA,2,S,10.00,1\nA,3,B,10.00,1\nC,2\nC,1\n"));
    }

    @ParameterizedTest
    @EnumSource(value = BookKind.class, names = {"NAIVE", "FAST"})
    void replayBeyondTheLogShiftsIds(BookKind kind) {
        CommandLog log = CommandLog.builder().add(5, Side.BUY, 100, 1).build();
        EventList events = new EventList();
        Replay.run(log, kind.newBook(), events, 3);
        assertEquals(List.of(new Event.Added(5), new Event.Added(11), new Event.Added(17)), events.events());
    }
}
