package org.fiberbench.result.jtl;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/**
 * Streams a CSV JTL one record at a time (Commons CSV: JMeter quotes fields holding commas, quotes
 * or line breaks), so a file of any size is read in constant memory. A row that is not a sample stops
 * the read with one message naming the file, the row (the header is row 1) and the bad value.
 */
final class JtlReader {
    private final Path file;
    private final String name;
    private JtlColumns columns;

    JtlReader(Path file) {
        this.file = file;
        this.name = file.toString();
    }

    /** Hands every sample to {@code sink} in file order; returns how many there were. */
    long read(Consumer<JtlSample> sink) {
        if (!Files.isRegularFile(file)) {
            throw new SpecException("JTL file " + name + " not found; accepted: a JMeter CSV result file (jmeter -n -l out.jtl)");
        }
        try (Reader in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(true).build().parse(in)) {
            return records(parser.iterator(), sink);
        } catch (NoSuchFileException e) {
            throw new SpecException("JTL file " + name + " not found");
        } catch (IOException e) {
            throw new SpecException("cannot read " + name + ": " + IoReasons.of(e));
        }
    }

    private long records(Iterator<CSVRecord> it, Consumer<JtlSample> sink) {
        long samples = 0;
        long row = 0;
        while (true) {
            CSVRecord r;
            try {
                if (!it.hasNext()) {
                    break;
                }
                r = it.next();
            } catch (UncheckedIOException | IllegalStateException e) {
                throw new SpecException(name + " row " + (row + 1) + ": not CSV (" + oneLine(e) + "); accepted: a JMeter CSV JTL");
            }
            row = r.getRecordNumber();
            List<String> values = new ArrayList<>(r.size());
            r.forEach(values::add);
            if (columns == null) {
                columns = JtlColumns.of(name, values);
                if (columns.header()) {
                    continue;
                }
            }
            sink.accept(sample(row, values));
            samples++;
        }
        if (samples == 0) {
            throw new SpecException(name + " holds no samples" + (row == 0 ? " (the file is empty)" : " (only a header)")
                    + "; accepted: a JMeter CSV JTL with at least one sample row");
        }
        return samples;
    }

    private JtlSample sample(long row, List<String> v) {
        if (v.size() != columns.count()) {
            throw new SpecException(name + " row " + row + ": " + v.size() + " columns, expected " + columns.count()
                    + (columns.header() ? " as the header has" : " (JMeter's default columns)") + "; the row starts '"
                    + abbreviate(String.join(",", v)) + "'");
        }
        long start = number(row, v, "timeStamp", "milliseconds since the epoch (jmeter.save.saveservice.timestamp_format=ms,"
                + " the default)");
        long elapsed = number(row, v, "elapsed", "whole milliseconds >= 0");
        if (elapsed < 0) {
            throw bad(row, "elapsed", v.get(columns.at("elapsed")), "whole milliseconds >= 0");
        }
        Boolean success = null;
        int s = columns.at("success");
        if (s >= 0) {
            String text = v.get(s).trim();
            if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
                throw bad(row, "success", text, "true or false");
            }
            success = Boolean.parseBoolean(text.toLowerCase(java.util.Locale.ROOT));
        }
        String error = JtlSample.errorClass(success, text(v, "responseCode"));
        String agent = JtlSample.agentOf(text(v, "threadName"));
        if (agent == null) {
            agent = blankToNull(text(v, "Hostname"));
        }
        return new JtlSample(start, elapsed, error, agent, threads(row, v), blankToNull(text(v, "URL")));
    }

    /** Active threads: allThreads (every group, every agent) when saved, else grpThreads, else 0 (unknown). */
    private int threads(long row, List<String> v) {
        for (String col : List.of("allThreads", "grpThreads")) {
            String t = text(v, col);
            if (t != null && !t.isBlank()) {
                return (int) Math.min(Integer.MAX_VALUE, number(row, v, col, "a whole number of threads"));
            }
        }
        return 0;
    }

    private long number(long row, List<String> v, String column, String accepted) {
        String text = v.get(columns.at(column)).trim();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw bad(row, column, text, accepted);
        }
    }

    private SpecException bad(long row, String column, String value, String accepted) {
        return new SpecException(name + " row " + row + ": " + column + " '" + abbreviate(value) + "' is not valid; accepted: "
                + accepted);
    }

    private String text(List<String> v, String column) {
        int i = columns.at(column);
        return i < 0 ? null : v.get(i);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static String abbreviate(String s) {
        String one = s.replaceAll("[\\r\\n]+", " ");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }

    private static String oneLine(Exception e) {
        Throwable t = e.getCause() != null ? e.getCause() : e;
        return String.valueOf(t.getMessage()).replaceAll("\\s+", " ");
    }
}
