package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.executor.ProcessWorkers;
import org.junit.jupiter.api.Test;

/**
 * A fork's observations cross to the parent as JSON: what a real {@link Observer} saw must read
 * back as an equal {@link Observed}, and be written under the results-format keys.
 */
class ObservedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObserveOptions ALL_PINNING = new ObserveOptions(20, Duration.ZERO, null, null, false);

    private static Observed roundTrip(Observed o) throws Exception {
        byte[] json = o.toJson();
        Observed back = Observed.fromJson(json);
        assertEquals(o, back);
        assertEquals(new String(json, StandardCharsets.UTF_8), new String(back.toJson(), StandardCharsets.UTF_8),
                "the parent writes what the fork wrote");
        return back;
    }

    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void processPoolObservationReadsBackEqualWithItsWorkerFigures() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.NONE, Observer.Files.NONE);
        Observed observed;
        try {
            Batches.run("process:workers=2,dispatch=shared", "sleep:ms=20", 16);
            Thread.sleep(60); // a few samples while the workers are alive
            observed = o.stop(16);
        } finally {
            ProcessWorkers.stopIdle();
        }
        Observed back = roundTrip(observed);
        assertNotNull(back.resources().summary().workerProcesses(), back.resources().summary().toString());
        assertTrue(back.resources().timeline().stream().anyMatch(p -> p.workers() != null), "workers in the timeline");
        assertNull(back.carriers(), "platform threads: no carriers");
        JsonNode tree = JSON.readTree(back.toJson());
        assertEquals(List.of("resources", "pinning", "carriers", "profile", "warnings", "jdk"), keys(tree));
        assertEquals(List.of("home", "version", "vendor", "feature", "vm_name"), keys(tree.get("jdk")));
        assertEquals(System.getProperty("java.home"), back.jdk().home(), "the JDK this JVM runs on");
        assertEquals(List.of("interval_ms", "summary", "timeline"), keys(tree.get("resources")));
        assertEquals(List.of("count", "total_ms", "submit_failed", "top_stacks"), keys(tree.get("pinning")));
        assertTrue(keys(tree.get("resources").get("summary")).containsAll(List.of("worker_processes", "gc_pause_count",
                "gc_pause_total_ms", "gc_pause_max_ms")), tree.get("resources").get("summary").toString());
    }

    @Test
    void pinnedVirtualThreadsAndTheSchedulerReadBackEqual() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "pin:ms=10", 8);
        Observed back = roundTrip(o.stop(8));
        assertTrue(back.pinning().count() >= 8, back.pinning().toString());
        assertFalse(back.pinning().topStacks().isEmpty());
        assertEquals(List.of("count", "stack"), keys(JSON.readTree(back.toJson()).get("pinning").get("top_stacks").get(0)));
    }

    @Test
    void customCarriersBusyShareReadsBackEqual() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.CUSTOM, Observer.Files.NONE);
        Batches.run("virtual:scheduler=fixed,carriers=2", "cpu:iterations=2000000", 8);
        Observed back = roundTrip(o.stop(8));
        assertEquals(List.of("busy_pct", "busy_mean_pct", "source"), keys(JSON.readTree(back.toJson()).get("carriers")));
        assertEquals(back.carriers().toMap().keySet(), java.util.Set.of("busy_pct", "busy_mean_pct", "source"));
    }

    @Test
    void aProfileThatCouldNotBeWrittenKeepsOnlyItsEvent() throws Exception {
        Observed.Profile failed = new Observed.Profile("cpu", null, null, null, null);
        assertEquals("{\"event\":\"cpu\"}", JSON.writeValueAsString(failed));
        Observed.Profile written = new Observed.Profile("cpu", 120L, "/r/a.collapsed", "/r/a-cpu.html",
                List.of("/r/a-worker-0.html"));
        assertEquals(List.of("event", "samples", "collapsed", "flame", "worker_flames"),
                keys(JSON.readTree(JSON.writeValueAsString(written))));
        assertEquals(written, JSON.readValue(JSON.writeValueAsString(written), Observed.Profile.class));
    }
}
