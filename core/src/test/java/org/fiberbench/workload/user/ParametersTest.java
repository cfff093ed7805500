package org.fiberbench.workload.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The public API's typed getters: values, defaults, and one-line messages naming key, value and what is accepted. */
class ParametersTest {
    private static Parameters of(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Parameters.of(m);
    }

    @Test
    void typedGettersConvertAndDefaultsApplyOnlyWhenMissing() {
        Parameters p = of("rows", "1_000", "big", "1e6", "ratio", "0.25", "timeout", "250ms", "long", "2m", "on", "TRUE",
                "flag", "", "name", "orders");
        assertEquals(1000, p.integer("rows"));
        assertEquals(7, p.integer("absent", 7));
        assertEquals(1_000_000L, p.longValue("big"));
        assertEquals(0.25, p.doubleValue("ratio"));
        assertEquals(Duration.ofMillis(250), p.duration("timeout"));
        assertEquals(Duration.ofMinutes(2), p.duration("long", Duration.ZERO));
        assertEquals(Duration.ofSeconds(1), p.duration("absent", Duration.ofSeconds(1)));
        assertTrue(p.bool("on"));
        assertTrue(p.bool("flag", false), "a key without a value is true");
        assertEquals("orders", p.string("name"));
        assertEquals("x", p.string("absent", "x"));
        assertEquals(java.util.List.of("rows", "big", "ratio", "timeout", "long", "on", "flag", "name"), java.util.List.copyOf(p.names()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "integer  | rows=ten     | parameter rows=ten is not an integer; accepted: an integer from -2147483648 to 2147483647",
        "integer  | rows=3000000000 | parameter rows=3000000000 is out of range; accepted: an integer from -2147483648",
        "long     | rows=1.5     | parameter rows=1.5 is not an integer; accepted: an integer",
        "double   | rows=abc     | parameter rows=abc is not a number; accepted: a finite number",
        "duration | rows=5 days  | parameter rows=5 days is not a duration; accepted: a duration >= 0 like 100ns",
        "duration | rows=-1s     | parameter rows=-1s is negative; accepted: a duration >= 0",
        "bool     | rows=yes     | parameter rows=yes is not a boolean; accepted: true or false",
        "integer  | other=1      | parameter rows is missing; accepted: rows=<an integer>",
        "string   | rows=        | parameter rows is empty; accepted: rows=<a text value>",
    })
    void aBadOrMissingValueIsOneLineNamingKeyValueAndWhatIsAccepted(String getter, String given, String expected) {
        String[] kv = given.split("=", 2);
        Parameters p = of(kv[0], kv[1]);
        Map<String, Consumer<Parameters>> getters = Map.of("integer", x -> x.integer("rows"), "long", x -> x.longValue("rows"),
                "double", x -> x.doubleValue("rows"), "duration", x -> x.duration("rows"), "bool", x -> x.bool("rows"),
                "string", x -> x.string("rows"));
        ParameterException e = assertThrows(ParameterException.class, () -> getters.get(getter).accept(p));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void toStringMasksAPassword() {
        assertEquals("user=me,password=***", of("user", "me", "password", "s3cret").toString());
    }

    @Test
    void theSinkKeepsSomeResultsSoTheyEscape() {
        ResultSink sink = new ResultSink();
        for (int i = 0; i < 100 * ResultSink.ONE_IN && sink.kept() == null; i++) {
            sink.consume(i);
        }
        assertTrue(sink.kept() instanceof Integer, "about one result in " + ResultSink.ONE_IN + " is stored");
    }
}
