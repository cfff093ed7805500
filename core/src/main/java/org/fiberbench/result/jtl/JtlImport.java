package org.fiberbench.result.jtl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.fiberbench.http.Buckets;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/**
 * {@code import jtl}: reads a JMeter CSV JTL in one streaming pass and writes a run directory whose
 * one scenario has the keys of a {@code load} run. The whole file is read before the directory is
 * made, so a bad row leaves nothing behind.
 */
public final class JtlImport {
    /** Why the latency section has no corrected view: written beside the numbers that are there. */
    public static final String CORRECTED_ABSENT = "JMeter records when each request was actually sent, not when it was"
            + " meant to start, so no coordinated-omission correction is possible; the latency here is service time"
            + " from the actual send (JMeter's elapsed)";

    /** What was imported: the run directory and the figures a summary line needs. */
    public record Outcome(Path dir, String scenarioId, long samples, long completed, long errors, double throughputOpsS,
                          double spanS, Long p50Ns, Long p99Ns, int agents, long late) {
    }

    private JtlImport() {
    }

    /**
     * Imports {@code jtl} into {@code out} (null: {@code results/<timestamp>-jtl}); {@code replace}
     * lets {@code out} hold a run already.
     *
     * @throws SpecException on a missing, empty or malformed JTL (naming the row and value), or a refused {@code out}
     */
    public static Outcome run(Path jtl, Path out, boolean replace, String command, Buckets buckets) {
        RunDirectory.checkOut(out, replace);
        Path hlog = tempFile();
        try {
            JtlTally tally;
            long samples;
            try (PrintStream stream = new PrintStream(hlog.toFile(), StandardCharsets.UTF_8)) {
                tally = new JtlTally(logWriter(stream));
                samples = new JtlReader(jtl).read(tally);
                tally.finish();
            }
            return write(jtl, out == null ? defaultDir() : out, replace, command, buckets, tally, samples, hlog);
        } catch (IOException e) {
            throw new SpecException("cannot import " + jtl + ": " + IoReasons.of(e));
        } finally {
            try {
                Files.deleteIfExists(hlog);
            } catch (IOException ignored) {
                // a temporary file left in the temp directory is harmless
            }
        }
    }

    private static Outcome write(Path jtl, Path out, boolean replace, String command, Buckets buckets, JtlTally t,
                                 long samples, Path hlog) throws IOException {
        RunDirectory run = RunDirectory.createMerged(out, replace, head(jtl, command, t));
        String id = run.scenarioId(1, "jtl " + jtl.getFileName().toString().replaceFirst("\\.(jtl|csv)$", ""));
        Files.move(hlog, run.scenarioFile(id, "-service.hlog"), StandardCopyOption.REPLACE_EXISTING);
        RunDirectory.writeAtomically(run.scenarioFile(id, "-service.hgrm"), hgrm(t.service()));
        ScenarioResult r = JtlScenario.of(id, jtl, t, samples, buckets);
        r.file("hlog_service", "scenarios/" + id + "-service.hlog").file("hgrm_service", "scenarios/" + id + "-service.hgrm");
        run.add(r);
        if (run.unsaved() != null) {
            throw new SpecException(run.unsaved());
        }
        return new Outcome(run.dir(), id, samples, t.ok(), t.errors(), t.throughput(), t.spanSeconds(),
                LatencyReport.Interval.at(t.service(), 50), LatencyReport.Interval.at(t.service(), 99), t.agents().size(),
                t.late());
    }

    /** The run-level keys: the JTL's own time span; no environment, since JMeter ran elsewhere. */
    private static Map<String, Object> head(Path jtl, String command, JtlTally t) {
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("suite", "jtl");
        head.put("scale", "import");
        head.put("command", command);
        head.put("source", jtl.toAbsolutePath().normalize().toString());
        head.put("started_at", Instant.ofEpochMilli(t.firstStartMs()).toString());
        head.put("finished_at", Instant.ofEpochMilli(t.lastEndMs()).toString());
        Map<String, Object> jdk = new LinkedHashMap<>();
        for (String k : List.of("version", "vm_name", "vm_version", "home")) {
            jdk.put(k, "");
        }
        jdk.put("input_arguments", List.of());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("jdk", jdk);
        head.put("environment", env);
        List<String> warnings = new ArrayList<>();
        warnings.add("imported from a JMeter JTL: the machine and JDK JMeter ran on are not recorded in it");
        if (t.late() > 0) {
            warnings.add(t.late() + " samples were written more than " + JtlTally.OPEN_SECONDS + " s after later-sent ones:"
                    + " they count in the totals but not in the one-second intervals");
        }
        head.put("warnings", warnings);
        return head;
    }

    private static HistogramLogWriter logWriter(PrintStream stream) {
        HistogramLogWriter w = new HistogramLogWriter(stream);
        w.outputComment("fiberbench import jtl: service time from the actual send (JMeter elapsed), ns; 1 s intervals by send time");
        w.outputLogFormatVersion();
        w.setBaseTime(0); // interval stamps are absolute epoch milliseconds
        w.outputLegend();
        return w;
    }

    private static byte[] hgrm(Histogram h) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(p, 1e6);
        }
        return bytes.toByteArray();
    }

    private static Path tempFile() {
        try {
            return Files.createTempFile("fiberbench-jtl-", ".hlog");
        } catch (IOException e) {
            throw new SpecException("cannot create a temporary file for the interval log: " + IoReasons.of(e));
        }
    }

    private static Path defaultDir() {
        String stamp = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss",
                Locale.ROOT));
        Path dir = Path.of("results", stamp + "-jtl");
        for (int i = 2; Files.exists(dir); i++) {
            dir = Path.of("results", stamp + "-jtl-" + i);
        }
        return dir;
    }

    static Duration span(JtlTally t) {
        return Duration.ofMillis(Math.max(0, t.lastEndMs() - t.firstStartMs()));
    }
}
