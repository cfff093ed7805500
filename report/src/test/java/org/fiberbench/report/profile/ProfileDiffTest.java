package org.fiberbench.report.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 001's comparison in miniature: a ForkJoinPool scheduler (A) vs a fixed pool (B). */
class ProfileDiffTest {
    private static final String J = "java/util/concurrent/";
    private static final List<String> FORKJOIN = List.of(
            "java/lang/Thread.run;" + J + "ForkJoinWorkerThread.run;" + J + "ForkJoinPool.runWorker;" + J + "ForkJoinPool.awaitWork 10",
            "java/lang/Thread.run;" + J + "ForkJoinWorkerThread.run;" + J + "ForkJoinPool.runWorker;" + J + "ForkJoinPool.scan 5",
            "java/lang/Thread.run;Demo.execQuery 80",
            "java/lang/Thread.run;" + J + "CompletableFuture.complete;" + J + "ForkJoinPool.signalWork 5");
    private static final List<String> FIXED = List.of(
            "java/lang/Thread.run;" + J + "ThreadPoolExecutor.runWorker;" + J + "ThreadPoolExecutor.getTask 20",
            "java/lang/Thread.run;Demo.execQuery 180");
    private static final String C = "java.util.concurrent.";

    @Test
    void rowsListLargestDifferencesFirstInSharesOfEachSide() {
        ProfileDiff d = ProfileDiff.of(FORKJOIN, FIXED, 20, 0.5);
        List<String> frames = d.rows().stream().map(ProfileDiff.Row::frame).toList();
        assertEquals(List.of(C + "ForkJoinPool.runWorker", C + "ForkJoinWorkerThread.run", "Demo.execQuery",
                C + "ForkJoinPool.awaitWork", C + "ThreadPoolExecutor.getTask", C + "ThreadPoolExecutor.runWorker",
                C + "CompletableFuture.complete", C + "ForkJoinPool.scan", C + "ForkJoinPool.signalWork"), frames);
        ProfileDiff.Row query = d.rows().get(2);
        assertEquals(new ProfileDiff.Row("Demo.execQuery", 80, 80, 90, 90), query);
        assertEquals(10.0, query.diffSelfPct(), 1e-9);
    }

    @Test
    void framesOnlyOneSideSampledAreListedApart() {
        ProfileDiff d = ProfileDiff.of(FORKJOIN, FIXED, 20, 0.5);
        assertEquals(List.of(C + "ForkJoinPool.runWorker", C + "ForkJoinWorkerThread.run", C + "ForkJoinPool.awaitWork",
                C + "CompletableFuture.complete", C + "ForkJoinPool.scan", C + "ForkJoinPool.signalWork"), d.onlyA());
        assertEquals(List.of(C + "ThreadPoolExecutor.getTask", C + "ThreadPoolExecutor.runWorker"), d.onlyB());
    }

    @Test
    void framesBelowTheMinimumShareAreLeftOut() {
        ProfileDiff d = ProfileDiff.of(FORKJOIN, FIXED, 20, 6);
        assertTrue(d.rows().stream().noneMatch(r -> r.frame().endsWith("ForkJoinPool.scan")));
        assertTrue(d.onlyA().stream().noneMatch(f -> f.endsWith("ForkJoinPool.signalWork")));
    }

    @Test
    void lambdaAddressesDoNotSplitAFrame() {
        ProfileDiff d = ProfileDiff.of(List.of("a/B$$Lambda.0x00000000810b6f68.run;a/B.work 4"),
                List.of("a/B$$Lambda.0x0000000081102448.run;a/B.work 4"), 20, 0.5);
        assertEquals(List.of(), d.onlyA());
        assertTrue(d.rows().stream().allMatch(r -> r.diffTotalPct() == 0));
    }

    @Test
    @SuppressWarnings("unchecked")
    void readsFilesAndGivesTheResultsJsonShape(@TempDir Path tmp) throws Exception {
        Path a = Files.write(tmp.resolve("a.collapsed"), FORKJOIN);
        Path b = Files.write(tmp.resolve("b.collapsed"), FIXED);
        Map<String, Object> m = ProfileDiff.of(a, b, "01-fj", "02-fixed", "cpu", 20, 0.5).toMap();
        assertEquals("01-fj", m.get("a"));
        assertEquals(100L, m.get("a_samples"));
        assertEquals(200L, m.get("b_samples"));
        Map<String, Object> row = ((List<Map<String, Object>>) m.get("rows")).get(3);
        assertEquals(Map.of("frame", C + "ForkJoinPool.awaitWork", "a_self_pct", 10.0, "a_total_pct", 10.0,
                "b_self_pct", 0.0, "b_total_pct", 0.0, "diff_self_pct", -10.0, "diff_total_pct", -10.0), row);
    }

    @Test
    void textShowsBothSidesAndTheOneSidedFrames() {
        String text = ProfileDiff.of(FORKJOIN, FIXED, 20, 0.5).toText();
        assertTrue(text.contains("only in A:") && text.contains("ForkJoinPool.awaitWork"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("Demo.execQuery") && l.contains("80.0%") && l.contains("+10.0")), text);
    }

    @Test
    void rejectsALineWithoutACount() {
        var e = assertThrows(IllegalArgumentException.class, () -> ProfileDiff.of(List.of("a;b;c"), FIXED, 20, 0.5));
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }
}
