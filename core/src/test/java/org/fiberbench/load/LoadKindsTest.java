package org.fiberbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each load kind is a record that parses its spec, prints it back canonically, and says where it runs. */
class LoadKindsTest {

    static Stream<Arguments> roundTrips() {
        return Stream.of(
                Arguments.of("batch:tasks=7", new BatchLoad(7), "batch:tasks=7"),
                Arguments.of("BATCH:tasks=1000", new BatchLoad(1000), "batch:tasks=1000"),
                Arguments.of("closed:users=3,duration=2s", new ClosedLoad(3, Duration.ofSeconds(2), Duration.ZERO),
                        "closed:users=3,duration=2s"),
                Arguments.of("closed:warmup=1s,users=400,duration=10s",
                        new ClosedLoad(400, Duration.ofSeconds(10), Duration.ofSeconds(1)),
                        "closed:users=400,duration=10s,warmup=1s"),
                Arguments.of("open:rate=200.0,duration=5s,arrival=uniform",
                        new OpenLoad(200, Duration.ofSeconds(5), Duration.ZERO, false), "open:rate=200,duration=5s"),
                Arguments.of("open:rate=2.5,duration=1m,warmup=10s,arrival=POISSON",
                        new OpenLoad(2.5, Duration.ofMinutes(1), Duration.ofSeconds(10), true),
                        "open:rate=2.5,duration=1m,warmup=10s,arrival=poisson"));
    }

    @ParameterizedTest
    @MethodSource("roundTrips")
    void parsesIntoItsRecordAndPrintsBackCanonically(String text, LoadSpec record, String canonical) {
        LoadSpec parsed = LoadSpec.parse(text);
        assertEquals(record, parsed);
        assertEquals(canonical, parsed.canonical());
        assertEquals(canonical, parsed.toString());
        assertEquals(parsed, LoadSpec.parse(parsed.canonical()), "the canonical text parses to the same record");
    }

    @Test
    void everyListedKindsExampleParsesIntoThatKindsRecord() {
        List<LoadKind> kinds = LoadSpec.kinds();
        assertTrue(kinds.stream().map(LoadKind::id).toList().containsAll(List.of("batch", "closed", "open")));
        for (LoadKind k : kinds) {
            LoadSpec example = LoadSpec.parse(k.example());
            assertInstanceOf(k.type(), example, k.example());
            assertEquals(k.id(), example.kind());
            assertEquals(example, LoadSpec.parse(example.canonical()));
            assertTrue(k.example().startsWith(k.id() + ":"), k.example());
        }
    }

    @Test
    void batchRunsOnJmhAndLoopLoadsInTheLoopFork() {
        assertFalse(LoadSpec.kind("batch").runsInLoop());
        assertTrue(LoadSpec.kind("closed").runsInLoop());
        assertTrue(LoadSpec.kind("OPEN").runsInLoop());
    }

    @Test
    void aLoadOfAnotherFamilyNamesTheKindsAcceptedThere() {
        String m = assertThrows(SpecException.class, () -> LoadSpec.parse("batch:tasks=10", LoopLoad.class)).getMessage();
        assertEquals("load 'batch:tasks=10': kind batch is not accepted here; accepted: " + ids(true), m);
        String b = assertThrows(SpecException.class,
                () -> LoadSpec.parse("open:rate=1,duration=1s", BatchLoad.class)).getMessage();
        assertEquals("load 'open:rate=1,duration=1s': kind open is not accepted here; accepted: " + ids(false), b);
    }

    /** The ids of the kinds that run in the loop fork (or on JMH), as messages list them. */
    private static String ids(boolean loop) {
        return String.join(", ", LoadSpec.kinds().stream().filter(k -> k.runsInLoop() == loop).map(LoadKind::id).toList());
    }

    @Test
    void unknownKindNamesEveryKind() {
        String m = assertThrows(SpecException.class, () -> LoadSpec.parse("burst:size=10")).getMessage();
        assertEquals("unknown load kind 'burst'; accepted: batch, " + ids(true), m);
    }

    @Test
    void aSweepsRateVariantEqualsTheParsedText() {
        OpenLoad template = (OpenLoad) LoadSpec.parse("open:rate=1,duration=5s,warmup=1s,arrival=poisson");
        OpenLoad variant = template.withRate(150.5);
        assertEquals(LoadSpec.parse("open:rate=150.5,duration=5s,warmup=1s,arrival=poisson"), variant);
        assertEquals("open:rate=150.5,duration=5s,warmup=1s,arrival=poisson", variant.canonical());
    }

    @Test
    void recordsBuiltInCodeAreCheckedLikeParsedOnes() {
        assertThrows(SpecException.class, () -> new BatchLoad(0));
        assertThrows(SpecException.class, () -> new ClosedLoad(0, Duration.ofSeconds(1), Duration.ZERO));
        assertThrows(SpecException.class, () -> new ClosedLoad(1, Duration.ofSeconds(1), Duration.ofSeconds(1)));
        assertThrows(SpecException.class, () -> new OpenLoad(0, Duration.ofSeconds(1), Duration.ZERO, false));
        assertThrows(SpecException.class, () -> new OpenLoad(10, Duration.ZERO, Duration.ZERO, false));
        OpenLoad ok = (OpenLoad) LoadSpec.parse("open:rate=10,duration=1s");
        assertThrows(SpecException.class, () -> ok.withRate(-1));
    }

    @Test
    void loopLoadsStateTheFiguresTheirLatencyReportGives() {
        LoopLoad open = (LoopLoad) LoadSpec.parse("open:rate=200,duration=3s,arrival=poisson");
        LoopLoad closed = (LoopLoad) LoadSpec.parse("closed:users=8,duration=3s");
        assertEquals(List.of(true, 200.0, 0, "poisson"), List.of(open.open(), open.rate(), open.users(), open.timing()));
        assertEquals(List.of(false, 0.0, 8, "closed"),
                List.of(closed.open(), closed.rate(), closed.users(), closed.timing()));
    }
}
