package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.report.Comparison.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load runs pair by URL and load model whatever engine made them; the engine stays in the row;
 * other scenarios still pair by executor.
 */
class LoadPairingTest {
    private static final String URL = "http:url=http://127.0.0.1:8080/thread/benchmark?ms=200";
    private static final String CLOSED = "closed:users=10,duration=4s";
    @TempDir
    Path dir;

    @Test
    void importedJtlPairsWithABuiltInLoadOfTheSameUrlAndLoadModel() {
        Comparison c = compare(run(imported(URL, CLOSED, 45)), run(builtin(URL, CLOSED, 47)));
        assertEquals(1, c.rows().size(), c.toText());
        Row r = c.rows().get(0);
        assertEquals("load on jmeter (imported JTL) vs builtin", r.executor());
        assertEquals(47.0 / 45, r.ratio().value(), 1e-9);
        assertEquals(List.of(), c.onlyA());
        assertEquals(List.of(), c.onlyB());
        assertTrue(c.toText().contains("load on jmeter (imported JTL) vs builtin"), c.toText());
    }

    @Test
    void jmeterEngineLoadPairsWithBothAndNamesItsEngine() {
        ObjectNode engine = loadRun("jmeter", URL, CLOSED, 46);
        assertEquals("load on jmeter vs builtin", compare(run(engine), run(builtin(URL, CLOSED, 47))).rows().get(0).executor());
        assertEquals("load on jmeter (imported JTL) vs jmeter",
                compare(run(imported(URL, CLOSED, 45)), run(loadRun("jmeter", URL, CLOSED, 46))).rows().get(0).executor());
        assertEquals("load on builtin", compare(run(builtin(URL, CLOSED, 40)), run(builtin(URL, CLOSED, 47))).rows().get(0).executor());
    }

    @Test
    void anotherUrlOrLoadModelDoesNotPair() {
        Comparison users = compare(run(imported(URL, CLOSED, 45)), run(builtin(URL, "closed:users=20,duration=4s", 90)));
        assertEquals(0, users.rows().size());
        assertEquals(List.of("load | " + URL + " | " + CLOSED), users.onlyA());
        Comparison url = compare(run(imported(URL, CLOSED, 45)), run(builtin(URL.replace("ms=200", "ms=100"), CLOSED, 90)));
        assertEquals(0, url.rows().size());
    }

    @Test
    void scenariosOfOtherRunnersStillPairByExecutor() {
        ObjectNode a = builtin(URL, CLOSED, 45);
        a.putObject("config").put("runner", "suite");
        ObjectNode b = builtin(URL, CLOSED, 47).put("executor", "platform:fixed=4");
        b.putObject("config").put("runner", "suite");
        Comparison c = compare(run(a), run(b));
        assertEquals(0, c.rows().size(), c.toText());
        assertEquals(List.of("platform:fixed=4 | " + URL + " | " + CLOSED), c.onlyB());
    }

    private Comparison compare(ObjectNode a, ObjectNode b) {
        Json.writePretty(dir.resolve("a/results.json"), a);
        Json.writePretty(dir.resolve("b/results.json"), b);
        return Compare.of(dir.resolve("a"), dir.resolve("b"));
    }

    private static ObjectNode run(ObjectNode scenario) {
        ObjectNode run = Json.object().put("format_version", 1).put("run_id", "r");
        run.putArray("scenarios").add(scenario);
        return run;
    }

    private static ObjectNode builtin(String workload, String load, double rate) {
        return scenario("virtual", workload, load, rate).set("config", Json.object().put("runner", "load"));
    }

    private static ObjectNode loadRun(String engine, String workload, String load, double rate) {
        return scenario("virtual", workload, load, rate).set("config", Json.object().put("runner", "load").put("engine", engine));
    }

    private static ObjectNode imported(String workload, String load, double rate) {
        return scenario("jmeter", workload, load, rate).set("config", Json.object().put("runner", "jmeter (imported JTL)"));
    }

    private static ObjectNode scenario(String executor, String workload, String load, double rate) {
        ObjectNode s = Json.object().put("id", "01-load").put("executor", executor).put("workload", workload).put("load", load)
                .put("termination", "normal");
        s.putArray("jvm_args");
        s.putObject("metrics").put("throughput_ops_s", rate);
        return s;
    }
}
