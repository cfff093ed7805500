package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A JMH benchmark method called directly: parameters as JMH sets them, trial fixtures, and refusals that name what is accepted. */
class BenchmarkMethodTest {
    static final List<String> EVENTS = new ArrayList<>();

    @State(Scope.Benchmark)
    public static class Fixture {
        @Param("7")
        public int count;
        @Param("5000000000")
        public long big;
        @Param("0.5")
        public double share;
        @Param("true")
        public boolean flag;
        @Param({"a", "b"})
        public String which;

        @Setup(Level.Trial)
        public void setUp() {
            EVENTS.add("setup " + count + " " + big + " " + share + " " + flag + " " + which);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            EVENTS.add("teardown");
        }

        @Benchmark
        public String op() {
            EVENTS.add("op");
            return which + count;
        }

        @Benchmark
        public void other() {
        }
    }

    @State(Scope.Benchmark)
    public static class PerIteration {
        @Setup(Level.Iteration)
        public void each() {
        }

        @Benchmark
        public void op() {
        }
    }

    private static final String FIXTURE = Fixture.class.getName();

    @Test
    void paramsAreSetTheFixturesRunAndEachCallIsOneOperation() throws Exception {
        EVENTS.clear();
        try (BenchmarkMethod m = BenchmarkMethod.open(FIXTURE + ".op", Map.of("which", "b", "count", "3"))) {
            assertEquals(List.of("setup 3 5000000000 0.5 true b"), EVENTS, "given values and the declared defaults, before any call");
            assertEquals("b3", m.call());
            assertEquals("b3", m.call());
            assertEquals("Fixture.op", m.name());
        }
        assertEquals(List.of("setup 3 5000000000 0.5 true b", "op", "op", "teardown"), EVENTS);
    }

    @Test
    void aShortClassNameIsLookedUpAmongTheReferences() throws Exception {
        try (BenchmarkMethod m = BenchmarkMethod.open("ReferenceSchedulerBenchmark.longRunning",
                Map.of("scheduler", "default", "taskCount", "2", "sleepMs", "1"))) {
            m.call();
            assertEquals("ReferenceSchedulerBenchmark.longRunning", m.name());
        }
    }

    private static String refused(String benchmark, Map<String, String> params) {
        return assertThrows(SpecException.class, () -> BenchmarkMethod.open(benchmark, params)).getMessage();
    }

    @Test
    void badNamesAndValuesAreRefusedWithWhatIsAccepted() {
        String e = refused(FIXTURE + ".op", Map.of("which", "a", "colour", "red"));
        assertTrue(e.contains("'colour'") && e.contains("accepted: big, count, flag, share, which"), e);
        e = refused(FIXTURE + ".op", Map.of("which", "a", "count", "many"));
        assertTrue(e.contains("count='many'") && e.contains("accepted: a int"), e);
        e = refused(FIXTURE + ".op", Map.of());
        assertTrue(e.contains("'which'") && e.contains("accepted: a, b"), e);
        e = refused(FIXTURE + ".nope", Map.of("which", "a"));
        assertTrue(e.contains("nope") && e.contains("accepted: op, other"), e);
        e = refused("NoSuchBenchmark.op", Map.of());
        assertTrue(e.contains("'NoSuchBenchmark'") && e.contains("accepted: a JMH benchmark class"), e);
        e = refused("op", Map.of());
        assertTrue(e.contains("'op'") && e.contains("accepted: Class.method"), e);
        e = refused(PerIteration.class.getName() + ".op", Map.of());
        assertTrue(e.contains("each") && e.contains("accepted: @Setup and @TearDown at Level.Trial"), e);
    }
}
