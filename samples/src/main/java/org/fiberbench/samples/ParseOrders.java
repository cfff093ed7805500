package org.fiberbench.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * A CPU-bound task on a real library: each task parses an order document with Jackson and adds
 * its lines up. It shows how a task that never blocks fares on each executor: virtual threads add
 * nothing when the work is all CPU (expect about the same score as a fixed pool of as many threads
 * as cores), more platform threads than cores only add switching, and worker processes pay for
 * moving each task across a pipe.
 *
 * <pre>
 * ./fiberbench run -e virtual -e platform:fixed=16 -e process:workers=2 \
 *     -w class:name=org.fiberbench.samples.ParseOrders,jar=samples/target/fiberbench-samples.jar,lines=200 \
 *     -l batch:tasks=1000
 * </pre>
 * Parameters: {@code lines} (default 200), the order lines in the document, 1..100000.
 * {@link #validate()} checks that every task computed the same total as set-up did.
 */
public class ParseOrders implements Workload {
    /** Jackson's mapper is thread-safe once configured: one for every task. */
    private final ObjectMapper mapper = new ObjectMapper();
    private byte[] document;
    private long expectedCents;
    private final java.util.concurrent.atomic.AtomicLong wrong = new java.util.concurrent.atomic.AtomicLong();

    @Override
    public void check(Parameters parameters) {
        lines(parameters);
    }

    private static int lines(Parameters parameters) {
        int lines = parameters.integer("lines", 200);
        if (lines < 1 || lines > 100_000) {
            throw new ParameterException("parameter lines=" + lines + " is out of range; accepted: 1..100000");
        }
        return lines;
    }

    @Override
    public void setUp(Parameters parameters) throws Exception {
        int lines = lines(parameters);
        ObjectNode order = mapper.createObjectNode().put("id", "order-1").put("customer", "fiberbench");
        ArrayNode items = order.putArray("lines");
        for (int i = 0; i < lines; i++) {
            items.addObject().put("sku", "sku-" + i).put("quantity", 1 + i % 7).put("cents", 100 + 37L * i);
        }
        document = mapper.writeValueAsBytes(order);
        expectedCents = total(mapper.readTree(document));
    }

    @Override
    public Object run() throws Exception {
        long cents = total(mapper.readTree(document));
        if (cents != expectedCents) {
            wrong.incrementAndGet();
            throw new IllegalStateException("order total " + cents + " cents, expected " + expectedCents);
        }
        return cents;
    }

    private static long total(JsonNode order) {
        long cents = 0;
        for (JsonNode line : order.get("lines")) {
            cents += line.get("quantity").asLong() * line.get("cents").asLong();
        }
        return cents;
    }

    @Override
    public void validate() {
        if (wrong.get() > 0) {
            throw new IllegalStateException(wrong.get() + " tasks computed a wrong total");
        }
    }
}
