package org.fiberbench.engine.jmh;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * A scenario's rows of {@code results-jmh.json}: JMH's own JSON result format, written by JMH's
 * own formatter from the {@link RunResult}s of the scenario (a batch scenario's, or an {@code
 * orderbook micro} benchmark's), so tools that read {@code -rf json}
 * (jmh-visualizer, github-action-benchmark) read them unchanged. The specs are the benchmark's
 * {@code @Param}s ({@code executor}, {@code workload}, {@code load}). Parsed back into trees so the
 * run directory can join the rows of every scenario into one array; decimals are kept as JMH wrote them.
 */
public final class JmhJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private JmhJson() {
    }

    /** One JSON object per run result, in JMH's result format. */
    public static List<Object> rows(Collection<RunResult> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        }
        try {
            List<Object> rows = new ArrayList<>();
            for (JsonNode row : JSON.readTree(bytes.toByteArray())) {
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            // JMH's formatter does not escape @Param values: a spec it cannot quote is a bug to see, not to hide
            throw new IllegalStateException("JMH wrote a JSON result that does not parse: " + e.getMessage(), e);
        }
    }
}
