package org.fiberbench.result.jtl;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.spec.SpecException;

/**
 * Where each JTL column sits, read from the header row, or JMeter's default columns when the file
 * has no header. Only {@code timeStamp} and {@code elapsed} are required; the others are used when present.
 */
record JtlColumns(Map<String, Integer> index, int count, boolean header) {
    /** JMeter 5.6.3's default CSV columns ({@code jmeter.save.saveservice.*} as shipped), in order. */
    static final List<String> DEFAULT = List.of("timeStamp", "elapsed", "label", "responseCode", "responseMessage",
            "threadName", "dataType", "success", "failureMessage", "bytes", "sentBytes", "grpThreads", "allThreads", "URL",
            "Latency", "IdleTime", "Connect");

    /** The columns of a file whose first row is {@code first}: its header, or the defaults when it is a sample. */
    static JtlColumns of(String file, List<String> first) {
        // a header is any first row naming timeStamp: JMeter writes the columns it was told to save, in its order
        if (first.stream().anyMatch(f -> f.trim().equals("timeStamp"))) {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < first.size(); i++) {
                index.putIfAbsent(first.get(i).trim(), i);
            }
            if (!index.containsKey("elapsed")) {
                throw new SpecException(file + " row 1: the header has no 'elapsed' column; accepted: a JMeter CSV JTL"
                        + " whose header names timeStamp and elapsed");
            }
            return new JtlColumns(Map.copyOf(index), first.size(), true);
        }
        if (first.size() != DEFAULT.size()) {
            throw new SpecException(file + " row 1: " + first.size() + " columns and no header; accepted: a header row, or"
                    + " JMeter's " + DEFAULT.size() + " default columns (" + String.join(",", DEFAULT) + ")");
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < DEFAULT.size(); i++) {
            index.put(DEFAULT.get(i), i);
        }
        return new JtlColumns(Map.copyOf(index), DEFAULT.size(), false);
    }

    /** The column's place, or -1 when the file does not have it. */
    int at(String name) {
        return index.getOrDefault(name, -1);
    }
}
