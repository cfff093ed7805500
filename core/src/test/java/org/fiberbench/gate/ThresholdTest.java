package org.fiberbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fiberbench.spec.SpecException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Every form of threshold expression parses to its parts; every malformed one is one line naming it and what is accepted. */
class ThresholdTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "p99<50ms            |           | p99         | <  | 50   | ms",
        "p99.9<=2s           |           | p99.9       | <= | 2    | s",
        "errors<0.1%         |           | errors      | <  | 0.1  | %",
        "errors<=3           |           | errors      | <= | 3    | ''",
        "score<250ms/op      |           | score       | <  | 250  | ms/op",
        "throughput>=900/s   |           | throughput  | >= | 900  | /s",
        "achieved>=99%       |           | achieved    | >= | 99   | %",
        "ratio<0.2           |           | ratio       | <  | 0.2  | ''",
        "service_p99 < 10 ms |           | service_p99 | <  | 10   | ms",
        "max>1us             |           | max         | >  | 1    | us",
        "virtual: p99<1.2s   | executor=virtual | p99  | <  | 1.2  | s",
        "executor=platform:fixed=200: throughput>=180/s | executor=platform:fixed=200 | throughput | >= | 180 | /s",
        "virtual:scheduler=fixed,carriers=2: p99.99<1s | executor=virtual:scheduler=fixed,carriers=2 | p99.99 | < | 1 | s",
        "load=open:rate=50,duration=2s: p50<20ms | load=open:rate=50,duration=2s | p50 | < | 20 | ms",
        "workload=sleep:ms=10: p90<15ms | workload=sleep:ms=10 | p90 | < | 15 | ms",
    })
    void parsesEveryForm(String text, String scope, String metric, String op, double limit, String unit) {
        Threshold t = Threshold.parse(text);
        assertEquals(text.strip(), t.expr());
        if (scope == null) {
            assertNull(t.scope());
        } else {
            assertEquals(scope, t.scope().text());
        }
        assertEquals(metric, t.metricName());
        assertEquals(op, t.comparison().text);
        assertEquals(limit, t.limit());
        assertEquals(unit, t.unitText());
    }

    @Test
    void scopeIsComparedInCanonicalForm() {
        Threshold t = Threshold.parse("executor=platform:fixed=0200: p99<1s");
        assertTrue(t.covers("platform:fixed=200", "sleep:ms=10", "open:rate=50,duration=2s"));
        assertFalse(t.covers("virtual", "sleep:ms=10", "open:rate=50,duration=2s"));
        assertTrue(Threshold.parse("p99<1s").covers("anything", "at", "all"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "p95<50ms            | unknown metric 'p95'; accepted: p50, p90, p99, p99.9, p99.99, max, service_p50",
        "p99<50              | no unit for p99; accepted: ns, us, µs, ms, s",
        "p99<50kg            | unit 'kg' for p99; accepted: ns, us, µs, ms, s",
        "p99=50ms            | comparison '=' is not accepted; accepted: <, <=, >, >=",
        "p99!=50ms           | comparison '!=' is not accepted",
        "p99                 | is not METRIC<VALUE; accepted: [SCOPE:] METRIC <, <=, > or >=",
        "p99<fast            | is not METRIC<VALUE",
        "p99<-5ms            | is not METRIC<VALUE",
        "errors<5ms          | unit 'ms' for errors; accepted: %, a bare number",
        "throughput>=900     | no unit for throughput; accepted: /s, ops/s, req/s",
        "achieved>=99        | no unit for achieved; accepted: %",
        "score<250ms         | unit 'ms' for score; accepted: ns/op, us/op, µs/op, ms/op, s/op, /s, ops/s, req/s",
        "ratio<0.2x          | unit 'x' for ratio; accepted: a bare number",
        "ratio<20%           | unit '%' for ratio; accepted: a bare number",
        "': p99<1s'          | empty scope before ':'",
        "foo=bar: p99<1s     | unknown scope key 'foo'; accepted: executor=SPEC, workload=SPEC, load=SPEC",
    })
    void rejectsWithOneLineNamingTheExpression(String text, String expected) {
        SpecException e = assertThrows(SpecException.class, () -> Threshold.parse(text));
        assertTrue(e.getMessage().startsWith("threshold '" + text.strip() + "'"), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void limitAndValueReadAsTablesPrintThem() {
        assertEquals("< 50 ms", Threshold.parse("p99<50ms").limitText());
        assertEquals(">= 900/s", Threshold.parse("throughput>=900/s").limitText());
        assertEquals("< 0.1%", Threshold.parse("errors<0.1%").limitText());
        assertEquals("< 0.2", Threshold.parse("ratio<0.2").limitText());
    }
}
