package org.fiberbench.gate;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;

/**
 * A run as JUnit XML, the shape Jenkins, GitLab and GitHub's test reporters read: one
 * {@code <testsuite>} per run, one {@code <testcase>} per scenario × threshold, and one per scenario
 * no threshold covers (passed unless the scenario failed); each case's figures in its
 * {@code <system-out>}. Written with the JDK's StAX writer and replaced atomically.
 */
public final class JUnitReport {
    private JUnitReport() {
    }

    /** One test case: its class (the run and scenario), its name, and its failure message or null. */
    record Case(String classname, String name, double seconds, String failure, String out) {
    }

    /**
     * Refuses, before anything runs, a {@code --junit} path that cannot be written: a directory, or
     * one whose nearest existing parent is not a writable directory (missing parents are made when
     * the file is written, as a run directory's are).
     */
    public static void checkPath(Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new SpecException("--junit " + file + " is a directory; accepted: a file path");
        }
        Path parent = file.toAbsolutePath().getParent();
        while (parent != null && !Files.exists(parent)) {
            parent = parent.getParent();
        }
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new SpecException("--junit " + file + ": " + parent + " is not a writable directory; accepted: a file path "
                    + "under a writable directory");
        }
    }

    /** Writes the run's test suite to {@code file}. */
    public static void write(Path file, String suite, List<ScenarioResult> results, List<Verdict> verdicts, double seconds)
            throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        RunDirectory.writeAtomically(file, xml(suite, cases(suite, results, verdicts), seconds));
    }

    static List<Case> cases(String suite, List<ScenarioResult> results, List<Verdict> verdicts) {
        List<Case> out = new ArrayList<>();
        for (ScenarioResult r : results) {
            String classname = "fiberbench." + suite.replaceAll("[^A-Za-z0-9_-]", "_") + "." + r.id();
            String figures = figures(r);
            double s = r.section("duration_s") instanceof Number n ? n.doubleValue() : 0;
            List<Verdict> mine = verdicts.stream().filter(v -> v.scenario().equals(r.id())).toList();
            for (Verdict v : mine) {
                String failure = v.pass() ? null : v.threshold().expr() + " failed: measured " + v.valueText() + ", limit "
                        + v.threshold().limitText() + (v.note() == null ? "" : " (" + v.note() + ")");
                out.add(new Case(classname, v.threshold().expr(), s, failure, "threshold: " + v.threshold().expr() + "\nmeasured: "
                        + v.valueText() + "\nlimit: " + v.threshold().limitText() + "\n" + figures));
            }
            if (mine.isEmpty()) {
                String failure = r.termination().equals("normal") ? null : "scenario " + r.termination()
                        + (r.failureReason() == null ? "" : ": " + r.failureReason());
                out.add(new Case(classname, "completes", s, failure, figures));
            }
        }
        return out;
    }

    /** The scenario and its headline figures, one per line. */
    private static String figures(ScenarioResult r) {
        StringBuilder sb = new StringBuilder("scenario: " + r.executor() + " × " + r.workload() + " × " + r.load()
                + "\ntermination: " + r.termination() + "\n");
        for (Map.Entry<String, Object> e : r.metrics().entrySet()) {
            if (e.getValue() != null && (e.getKey().startsWith("score") || e.getKey().startsWith("latency_p")
                    || List.of("throughput_ops_s", "requested_rate_ops_s", "completed", "errors").contains(e.getKey()))) {
                sb.append(e.getKey()).append(": ").append(e.getValue()).append('\n');
            }
        }
        return sb.toString();
    }

    private static byte[] xml(String suite, List<Case> cases, double seconds) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeCharacters("\n");
            w.writeStartElement("testsuite");
            w.writeAttribute("name", "fiberbench " + suite);
            w.writeAttribute("tests", String.valueOf(cases.size()));
            w.writeAttribute("failures", String.valueOf(cases.stream().filter(c -> c.failure() != null).count()));
            w.writeAttribute("errors", "0");
            w.writeAttribute("skipped", "0");
            w.writeAttribute("time", seconds(seconds));
            w.writeAttribute("timestamp", LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
            for (Case c : cases) {
                w.writeCharacters("\n  ");
                testcase(w, c);
            }
            w.writeCharacters("\n");
            w.writeEndElement();
            w.writeCharacters("\n");
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write JUnit XML: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    private static void testcase(XMLStreamWriter w, Case c) throws XMLStreamException {
        w.writeStartElement("testcase");
        w.writeAttribute("classname", c.classname());
        w.writeAttribute("name", c.name());
        w.writeAttribute("time", seconds(c.seconds()));
        if (c.failure() != null) {
            w.writeStartElement("failure");
            w.writeAttribute("message", c.failure());
            w.writeAttribute("type", c.name().equals("completes") ? "scenario" : "threshold");
            w.writeCharacters(c.failure());
            w.writeEndElement();
        }
        w.writeStartElement("system-out");
        w.writeCharacters(c.out());
        w.writeEndElement();
        w.writeEndElement();
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }
}
