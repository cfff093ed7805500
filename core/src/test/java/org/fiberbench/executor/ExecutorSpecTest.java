package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExecutorSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "inline | inline",
        "virtual | virtual",
        "virtual:scheduler=default | virtual",
        "virtual:scheduler=forkjoin,carriers=3 | virtual:scheduler=forkjoin,carriers=3",
        "virtual:carriers=3,scheduler=fixed | virtual:scheduler=fixed,carriers=3",
        "virtual-pool:size=1000 | virtual-pool:size=1000",
        "virtual-pool:size=10,scheduler=fixed,carriers=2 | virtual-pool:size=10,scheduler=fixed,carriers=2",
        "platform:cached | platform:cached",
        "platform:per-task | platform:per-task",
        "platform:fixed=16 | platform:fixed=16",
        "forkjoin:parallelism=2 | forkjoin:parallelism=2",
        "process:workers=2 | process:workers=2,dispatch=shared",
        "process:workers=2,dispatch=static | process:workers=2,dispatch=static",
        " virtual:scheduler=fixed,carriers=1k  | virtual:scheduler=fixed,carriers=1000",
    })
    void printsCanonicalForm(String text, String canonical) {
        ExecutorSpec spec = ExecutorSpec.parse(text);
        assertEquals(canonical, spec.canonical());
        assertEquals(spec, ExecutorSpec.parse(spec.canonical()), "canonical form parses back to the same spec");
    }

    @Test
    void customSchedulerWithoutCarriersUsesCpuCount() {
        assertEquals("virtual:scheduler=fixed,carriers=" + ExecutorSpec.cpus(),
                ExecutorSpec.parse("virtual:scheduler=fixed").canonical());
    }

    @Test
    void customSchedulerClassIsAccepted() {
        var spec = (OnVirtualThreads) ExecutorSpec.parse("virtual:scheduler=" + SingleThreadScheduler.class.getName() + ",carriers=1");
        assertEquals(ExecutorSpec.Scheduler.CLASS, spec.scheduler().kind());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bogus | unknown executor kind 'bogus'; accepted: inline, virtual, virtual-pool, platform, forkjoin, process",
        "virtual:carriers=2 | carriers needs a custom scheduler",
        "virtual:scheduler=fixed,carriers=0 | key 'carriers': 0 is out of range; accepted: 1..10000",
        "virtual:scheduler=fixed,carriers=-3 | key 'carriers': -3 is out of range",
        "virtual:scheduler=fixed,carriers=20000 | 20000 is out of range; accepted: 1..10000",
        "virtual:scheduler=fixed,carriers=two | 'two' is not a whole number",
        "virtual:scheduler=lifo | 'lifo' is not accepted; accepted: default, forkjoin, fixed",
        "virtual:scheduler=com.example.Missing | is not on the classpath",
        "virtual:scheduler=java.lang.String | does not implement java.util.concurrent.Executor",
        "virtual:threads=2 | has no key 'threads'; accepted keys: scheduler, carriers",
        "virtual-pool | needs size=N",
        "virtual-pool:size=0 | key 'size': 0 is out of range",
        "platform | needs exactly one of: cached, fixed=N, per-task",
        "platform:cached,per-task | needs exactly one of",
        "platform:fixed | needs fixed=N",
        "platform:fixed=0 | key 'fixed': 0 is out of range",
        "platform:cached=3 | takes no value",
        "forkjoin:parallelism=0 | key 'parallelism': 0 is out of range",
        "process:workers=0 | key 'workers': 0 is out of range",
        "process:workers=2,dispatch=random | 'random' is not accepted; accepted: shared, static",
        "inline:x=1 | has no key 'x'; accepted keys: none",
    })
    void rejectsBadSpecsNamingThePart(String text, String expected) {
        var e = assertThrows(SpecException.class, () -> ExecutorSpec.parse(text));
        assertTrue(e.getMessage().contains(expected), () -> "message was: " + e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void rejectsNegativeCarriers() {
        assertThrows(SpecException.class, () -> ExecutorSpec.parse("virtual:scheduler=forkjoin,carriers=-1"));
    }
}
