package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input at the edges, through the real CLI in this JVM: each is one line on stderr, exit
 * status 2, and nothing run or written.
 */
class InputEdgesTest {
    private static final String[] TINY = {"-e", "virtual", "-w", "cpu:iterations=10", "-l", "batch:tasks=1",
        "--warmup", "0", "--iterations", "1", "--time", "100ms"};

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    private int cli(String... args) {
        return Main.execute(err, args);
    }

    private String[] run(Path out, String... more) {
        String[] a = new String[1 + TINY.length + 2 + more.length];
        a[0] = "run";
        System.arraycopy(TINY, 0, a, 1, TINY.length);
        a[1 + TINY.length] = "--out";
        a[2 + TINY.length] = out.toString();
        System.arraycopy(more, 0, a, 3 + TINY.length, more.length);
        return a;
    }

    /** Exit 2 and exactly one line on stderr, holding every {@code expected} piece. */
    private void assertUsage(int code, String... expected) {
        String text = err.toString();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), "one line: " + text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), "no exception class or trace: " + text);
        for (String e : expected) {
            assertTrue(text.contains(e), "'" + e + "' in: " + text);
        }
    }

    @Test
    void zeroTimeoutIsRefusedBeforeAnythingRuns() {
        Path out = tmp.resolve("run");
        assertUsage(cli(run(out, "--timeout", "0s")), "--timeout", "0s", "> 0");
        assertFalse(Files.exists(out), "no run directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--timeout", "--time", "--warmup-time", "--sample-interval", "--pinning-threshold"})
    void everyDurationOptionNamesItselfInItsError(String option) {
        Path out = tmp.resolve("run");
        assertUsage(cli(run(out, option, "-1s")), option, "-1s", "negative");
        assertFalse(Files.exists(out));
    }

    @Test
    void gcTakesOnlyABoolean() {
        Path out = tmp.resolve("run");
        assertUsage(cli(run(out, "--gc", "sometimes")), "--gc", "sometimes");
        assertFalse(Files.exists(out));
    }

    @Test
    void orderbookDurationOptionsNameThemselves() {
        Path input = tmp.resolve("c.csv");
        assertUsage(cli("orderbook", "throughput", "--input", input.toString(), "--timeout", "0"), "--timeout", "zero");
    }

    @Test
    void outWhereNoDirectoryCanBeMadeSaysWhy() {
        assertUsage(cli(run(Path.of("/proc/fiberbench-x"))), "/proc/fiberbench-x", "does not take new files");
    }

    @Test
    void outOntoAnExistingRunIsRefusedAndItsResultsKept() throws Exception {
        Path out = tmp.resolve("earlier");
        RunDirectory.create(out, "earlier", "adhoc", "run earlier");
        byte[] before = Files.readAllBytes(out.resolve("results.json"));
        assertUsage(cli(run(out)), "--out " + out, "already holds a run", "--force");
        assertArrayEquals(before, Files.readAllBytes(out.resolve("results.json")), "the earlier run is untouched");
        assertFalse(Files.exists(out.resolve("report.html")), "nothing ran");
    }

    @Test
    void forceReplacesTheRunInOut() throws Exception {
        Path out = tmp.resolve("earlier");
        RunDirectory.create(out, "earlier", "adhoc", "run earlier");
        assertEquals(0, cli(run(out, "--force")), err.toString());
        assertEquals("adhoc", RunDirectory.read(out.resolve("results.json")).get("scale"));
        assertTrue(String.valueOf(RunDirectory.read(out.resolve("results.json")).get("command")).contains("--force"));
    }

    @Test
    void orderbookOutOntoAnExistingRunIsRefusedBeforeAnyFork() throws Exception {
        Path input = tmp.resolve("c.csv");
        Files.writeString(input, "A,1,B,10.00,5\n");
        Path out = tmp.resolve("earlier");
        RunDirectory.create(out, "earlier", "adhoc", "run earlier");
        byte[] before = Files.readAllBytes(out.resolve("results.json"));
        assertUsage(cli("orderbook", "throughput", "--input", input.toString(), "--counts", "10", "--out", out.toString()),
                "already holds a run");
        assertArrayEquals(before, Files.readAllBytes(out.resolve("results.json")));
    }

    @Test
    void jmhImportOntoAnExistingRunNeedsForce() throws Exception {
        Path jmh = tmp.resolve("jmh.json");
        Files.writeString(jmh, "[]");
        Path out = tmp.resolve("earlier");
        RunDirectory.create(out, "earlier", "adhoc", "run earlier");
        assertUsage(cli("report", "--jmh", jmh.toString(), "--out", out.toString()), "already holds a run");
        err.getBuffer().setLength(0);
        assertEquals(0, cli("report", "--jmh", jmh.toString(), "--out", out.toString(), "--force"), err.toString());
        assertEquals("jmh-import", RunDirectory.read(out.resolve("results.json")).get("suite"));
    }

    @Test
    void badJmhOptionIsBadInput() {
        assertUsage(cli("jmh", "-f", "x"), "jmh", "'x'", "fiberbench jmh -h");
    }

    @Test
    void replayOfBinaryGarbageNamesFileAndLine() throws Exception {
        Path input = tmp.resolve("garbage.bin");
        Files.write(input, new byte[] {'A', ',', '1', ',', 'B', ',', '1', ',', '1', '\n', '#', '\n', 0, 1, (byte) 0xff, (byte) 0xfe, '\n'});
        Path events = tmp.resolve("events.txt");
        assertUsage(cli("orderbook", "replay", "--input", input.toString(), "--events", events.toString()),
                input + " line 3", "binary data");
        assertFalse(Files.exists(events));
    }

    @Test
    void bytesThatAreNotUtf8AreNamedWithTheirLine() throws Exception {
        Path input = tmp.resolve("latin1.csv");
        Files.write(input, "A,1,B,1,1\nA,2,B,1\u00e9,1\n".getBytes(StandardCharsets.ISO_8859_1));
        assertUsage(cli("orderbook", "replay", "--input", input.toString(), "--events", tmp.resolve("e").toString()),
                input + " line 2", "not UTF-8");
    }

    @Test
    void replayOfADirectoryIsBadInput() {
        Path events = tmp.resolve("events.txt");
        assertUsage(cli("orderbook", "replay", "--input", tmp.toString(), "--events", events.toString()),
                tmp.toString(), "is a directory");
        assertFalse(Files.exists(events));
    }

    @Test
    void throughputOnGarbageStartsNoForkAndWritesNoRun() throws Exception {
        Path input = tmp.resolve("garbage.bin");
        Files.write(input, new byte[] {0, 0, 0, 7, '\n'});
        Path out = tmp.resolve("run");
        assertUsage(cli("orderbook", "throughput", "--input", input.toString(), "--out", out.toString()), input + " line 1");
        assertFalse(Files.exists(out));
    }

    @Test
    void unwritableEventsFileIsBadInput() throws Exception {
        Path input = tmp.resolve("c.csv");
        Files.writeString(input, "A,1,B,10.00,5\n");
        assertUsage(cli("orderbook", "replay", "--input", input.toString(), "--events", "/proc/fiberbench-events.txt"),
                "/proc/fiberbench-events.txt");
        err.getBuffer().setLength(0);
        assertUsage(cli("orderbook", "replay", "--input", input.toString(), "--events", tmp.toString()),
                tmp.toString(), "is a directory");
    }

    @Test
    void fullWidthDigitsAreNotAnOrderId() throws Exception {
        for (String line : List.of("A,\uff11,B,10.00,5", "A,1,B,10.00,\uff15", "C,\u0661", "A,1,B,\uff11\uff10.00,5")) {
            err.getBuffer().setLength(0);
            Path input = tmp.resolve("c.csv");
            Files.writeString(input, "A,7,S,11.00,1\n" + line + "\n");
            Path events = tmp.resolve("events.txt");
            assertUsage(cli("orderbook", "replay", "--input", input.toString(), "--events", events.toString()),
                    input + " line 2");
            assertFalse(Files.exists(events), line);
        }
    }

    @Test
    void fullWidthDigitsAreNotANumberInOptions() {
        Path out = tmp.resolve("run");
        assertUsage(cli(run(out, "--forks", "\uff11")), "--forks", "is not an int");
        assertFalse(Files.exists(out));
        err.getBuffer().setLength(0);
        assertUsage(cli("orderbook", "throughput", "--input", "c.csv", "--counts", "10,\uff11\uff10"), "--counts", "is not a long");
    }

    @Test
    void aProfileOfBinaryDataIsBadInput() throws Exception {
        Path bin = tmp.resolve("p.collapsed");
        Files.write(bin, new byte[] {'a', ';', 'b', ' ', (byte) 0xc3, '\n'});
        assertUsage(cli("profile", "diff", bin.toString(), bin.toString()), bin.toString(), "not UTF-8");
    }
}
