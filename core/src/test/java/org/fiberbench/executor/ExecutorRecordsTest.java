package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each executor kind's record: its parse/canonical round trip, and variants derived without editing text. */
class ExecutorRecordsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "inline | InlineExecutorSpec",
        "virtual | VirtualExecutorSpec",
        "virtual:scheduler=fixed,carriers=3 | VirtualExecutorSpec",
        "virtual:scheduler=org.fiberbench.executor.SingleThreadScheduler,carriers=1 | VirtualExecutorSpec",
        "virtual-pool:size=10 | VirtualPoolExecutorSpec",
        "virtual-pool:size=10,scheduler=forkjoin,carriers=2 | VirtualPoolExecutorSpec",
        "platform:cached | PlatformExecutorSpec",
        "platform:per-task | PlatformExecutorSpec",
        "platform:fixed=4 | PlatformExecutorSpec",
        "forkjoin:parallelism=2 | ForkJoinExecutorSpec",
        "process:workers=2,dispatch=static | ProcessExecutorSpec",
    })
    void eachKindParsesToItsRecordAndRoundTrips(String text, String record) {
        ExecutorSpec spec = ExecutorSpec.parse(text);
        assertEquals(record, spec.getClass().getSimpleName());
        assertEquals(text, spec.canonical());
        assertEquals(spec, ExecutorSpec.parse(spec.canonical()));
        assertEquals(spec.kind(), ExecutorKind.of(text.split(":")[0]));
        assertTrue(ExecutorKind.all().contains(spec.kind()), "listed by list executors: " + spec.kind());
    }

    @Test
    void recordsBuiltDirectlyPrintTheSameCanonicalText() {
        assertEquals("process:workers=3,dispatch=shared",
                new ProcessExecutorSpec(3, ProcessExecutorSpec.Dispatch.SHARED).canonical());
        assertEquals("platform:fixed=8", new PlatformExecutorSpec(PlatformExecutorSpec.Mode.FIXED, 8).canonical());
        assertEquals("virtual-pool:size=5,scheduler=fixed,carriers=2", new VirtualPoolExecutorSpec(5,
                new VirtualScheduler(ExecutorSpec.Scheduler.FIXED, null, 2)).canonical());
        assertEquals("virtual", new VirtualExecutorSpec(VirtualScheduler.DEFAULT).canonical());
    }

    /** The texts engine/Sweep used to build or rewrite with a regular expression, for the same variant. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "process:workers=2,dispatch=static | WORKERS | 5 | process:workers=5,dispatch=static",
        "platform:fixed=2 | WORKERS | 7 | platform:fixed=7",
        "platform:fixed=2 | THREADS | 7 | platform:fixed=7",
        "forkjoin:parallelism=2 | THREADS | 9 | forkjoin:parallelism=9",
        "virtual:scheduler=fixed,carriers=2 | CARRIERS | 6 | virtual:scheduler=fixed,carriers=6",
        "virtual-pool:size=10,scheduler=forkjoin,carriers=2 | CARRIERS | 3 | virtual-pool:size=10,scheduler=forkjoin,carriers=3",
        "virtual:scheduler=org.fiberbench.executor.SingleThreadScheduler,carriers=1 | CARRIERS | 4 | virtual:scheduler=org.fiberbench.executor.SingleThreadScheduler,carriers=4",
    })
    void variantsMatchTheTextSweepsUsedToBuild(String text, ExecutorAxis axis, int n, String expected) {
        ExecutorSpec spec = ExecutorSpec.parse(text);
        ExecutorSpec varied = spec.with(axis, n).orElseThrow();
        assertEquals(expected, varied.canonical());
        assertEquals(ExecutorSpec.parse(expected), varied, "the variant equals the spec its text parses to");
        assertEquals(n, varied.parallelism());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "inline | WORKERS", "inline | CARRIERS", "inline | THREADS",
        "virtual | CARRIERS", "virtual-pool:size=10 | CARRIERS", "virtual:scheduler=fixed,carriers=2 | THREADS",
        "platform:cached | WORKERS", "platform:per-task | THREADS",
        "forkjoin:parallelism=2 | WORKERS", "process:workers=2 | THREADS", "process:workers=2 | CARRIERS",
    })
    void specsWithoutTheAxisHaveNoVariant(String text, ExecutorAxis axis) {
        assertEquals(Optional.empty(), ExecutorSpec.parse(text).with(axis, 2));
    }

    @Test
    void namedVariantsFailNamingTheKindAndWhichKindsHaveTheAxis() {
        SpecException e = assertThrows(SpecException.class, () -> ExecutorSpec.parse("virtual").withCarriers(4));
        assertEquals("executor 'virtual' has no carriers to vary; it applies to virtual executors with "
                + "scheduler=forkjoin|fixed|CLASS", e.getMessage());
        e = assertThrows(SpecException.class, () -> ExecutorSpec.parse("inline").withWorkers(2));
        assertTrue(e.getMessage().contains("process:workers=N and platform:fixed=N"), e.getMessage());
        e = assertThrows(SpecException.class, () -> ExecutorSpec.parse("process:workers=2").withThreads(2));
        assertTrue(e.getMessage().contains("platform:fixed=N and forkjoin:parallelism=N"), e.getMessage());
        assertEquals("forkjoin:parallelism=3", ExecutorSpec.parse("forkjoin:parallelism=1").withThreads(3).canonical());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "process:workers=2 | WORKERS | 300 | process:workers=300",
        "platform:fixed=2 | THREADS | 100001 | platform:fixed=100001",
        "forkjoin:parallelism=2 | THREADS | 0 | forkjoin:parallelism=0",
        "virtual:scheduler=fixed,carriers=2 | CARRIERS | 20000 | virtual:scheduler=fixed,carriers=20000",
        "virtual-pool:size=1,scheduler=fixed,carriers=2 | CARRIERS | 20000 | virtual-pool:size=1,scheduler=fixed,carriers=20000",
    })
    void outOfRangeVariantsFailAsParsingTheirTextDoes(String text, ExecutorAxis axis, int n, String asText) {
        SpecException parsed = assertThrows(SpecException.class, () -> ExecutorSpec.parse(asText));
        SpecException varied = assertThrows(SpecException.class, () -> ExecutorSpec.parse(text).with(axis, n));
        assertEquals(parsed.getMessage(), varied.getMessage());
    }

    /** The series name of a sweep in results.json: the number the sweep varies shown as N. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "inline | inline",
        "virtual | virtual",
        "virtual:scheduler=fixed,carriers=2 | virtual:scheduler=fixed,carriers=N",
        "virtual-pool:size=10,scheduler=fixed,carriers=2 | virtual-pool:size=10,scheduler=fixed,carriers=N",
        "virtual-pool:size=10 | virtual-pool:size=10",
        "platform:fixed=2 | platform:fixed=N",
        "platform:cached | platform:cached",
        "forkjoin:parallelism=2 | forkjoin:parallelism=N",
        "process:workers=4,dispatch=shared | process:workers=N,dispatch=shared",
    })
    void templateShowsTheVariedSizeAsN(String text, String template) {
        assertEquals(template, ExecutorSpec.parse(text).template());
        assertEquals(template, text.replaceAll("(workers|carriers|fixed|parallelism)=\\d+", "$1=N"),
                "the same text the sweep's regular expression made");
    }

    @Test
    void observersSeeWhoseCarriersVirtualThreadsUse() {
        assertInstanceOf(OnVirtualThreads.class, ExecutorSpec.parse("virtual-pool:size=2"));
        assertTrue(((OnVirtualThreads) ExecutorSpec.parse("virtual")).scheduler().isDefault());
        assertTrue(!((OnVirtualThreads) ExecutorSpec.parse("virtual:scheduler=fixed,carriers=1")).scheduler().isDefault());
        assertTrue(!ExecutorSpec.parse("platform:cached").isVirtual());
    }
}
