package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.fiberbench.report.Comparison.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What keeps B from being judged: each is a problem of the comparison, named, and shown in its text. */
class CompareProblemsTest {
    private static final String VIRTUAL = "virtual | " + TwoRuns.CPU + " | " + TwoRuns.BATCH;

    @TempDir
    Path dir;

    /** Runs a and b of {@link TwoRuns}, with b edited and written again. */
    private Comparison compare(Consumer<ObjectNode> editB) {
        Path[] runs = TwoRuns.write(dir);
        ObjectNode b = (ObjectNode) Json.read(runs[1].resolve("results.json"));
        editB.accept(b);
        Json.writePretty(runs[1].resolve("results.json"), b);
        return Compare.of(runs[0], runs[1]);
    }

    /** B's scenario of the virtual executor without JVM options (index 3 in TwoRuns). */
    private static ObjectNode virtual(ObjectNode run) {
        return (ObjectNode) run.path("scenarios").get(3);
    }

    @Test
    void matchingRunsHaveNoProblemBeyondTheMissingScenario() {
        Comparison c = compare(b -> { });
        assertEquals(List.of("missing in B: process:workers=2 | " + TwoRuns.CPU + " | " + TwoRuns.BATCH), c.problems());
    }

    @Test
    void aFailedScenarioOfBIsAProblemAndItsVerdict() throws Exception {
        Comparison c = compare(b -> virtual(b).put("termination", "failure").put("failure", "java.lang.OutOfMemoryError:\n  heap"));
        assertTrue(c.problems().contains("failed in B: " + VIRTUAL + ": java.lang.OutOfMemoryError: heap"), c.problems().toString());
        assertEquals(Verdict.FAILED, c.rows().stream().filter(r -> r.executor().equals("virtual") && r.jvmArgs().isEmpty())
                .findFirst().orElseThrow().verdict());
        assertTrue(c.toText().contains("failed in B: " + VIRTUAL), c.toText());
        String pageWarnings = PageModel.of(c.writeHtml(dir.resolve("cmp.html"))).path("warnings").toString();
        assertTrue(pageWarnings.contains("failed in B: " + VIRTUAL), pageWarnings);
    }

    @Test
    void anInterruptedScenarioOfBIsAProblem() {
        Comparison c = compare(b -> virtual(b).put("termination", "interrupted"));
        assertTrue(c.problems().contains("interrupted in B: " + VIRTUAL), c.problems().toString());
    }

    @Test
    void stringMetricsMakeTheScenarioUnreadableOneLinePerKey() {
        Comparison c = compare(b -> ((ObjectNode) virtual(b).path("metrics")).put("score", "5").put("cpu_user_ms", "lots"));
        assertTrue(c.problems().contains("unreadable in B: " + VIRTUAL + ": scenarios[3].metrics.score is a string (\"5\"), expected a number or null"),
                c.problems().toString());
        assertTrue(c.problems().contains("unreadable in B: " + VIRTUAL + ": scenarios[3].metrics.cpu_user_ms is a string (\"lots\"), expected a number or null"),
                c.problems().toString());
        assertTrue(c.toText().contains("unreadable metrics"), c.toText());
    }

    @Test
    void bWithoutScenariosIsAProblem() {
        Comparison c = compare(b -> b.set("scenarios", Json.array()));
        assertEquals("no scenarios in B: " + dir.resolve("b/results.json"), c.problems().get(0));
        assertEquals(6, c.problems().size(), "and each of A's scenarios is missing: " + c.problems());
    }

    @Test
    void aCorruptDocumentIsRefusedNamingTheKey() {
        Path[] runs = TwoRuns.write(dir);
        ObjectNode b = (ObjectNode) Json.read(runs[1].resolve("results.json"));
        ((ArrayNode) b.path("scenarios")).set(0, Json.NODES.textNode("virtual"));
        Json.writePretty(runs[1].resolve("results.json"), b);
        InputException e = assertThrows(InputException.class, () -> Compare.of(runs[0], runs[1]));
        assertEquals(runs[1].resolve("results.json") + ": scenarios[0] is a string (\"virtual\"), expected an object", e.getMessage());
    }
}
