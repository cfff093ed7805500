package org.fiberbench.workload.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JdbcSpecTest {
    private static final int OFFLOAD = 2 * Runtime.getRuntime().availableProcessors();

    @Test
    void resolvesSeedDefaultsInCanonicalForm() {
        assertEquals("jdbc:query=scan,via=offload,offload-threads=" + OFFLOAD + ",pool=16",
                WorkloadSpec.parse("jdbc:via=offload").canonical());
        assertEquals("jdbc:query=point,via=direct,pool=4,pool-timeout=500ms",
                WorkloadSpec.parse("jdbc:query=point,pool=4,pool-timeout=500ms").canonical());
    }

    @Test
    void keepsCommasOfQuotedSql() {
        var w = WorkloadSpec.parse("jdbc:query=\"select id, hello from fiberbench_hello\",via=direct");
        assertEquals("jdbc:query=\"select id, hello from fiberbench_hello\",via=direct,pool=16", w.canonical());
        assertEquals("select id, hello from fiberbench_hello", JdbcQuery.parse("\"select id, hello from fiberbench_hello\"").sql());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "jdbc:via=async | key 'via': 'async' is not accepted; accepted: direct, offload",
        "jdbc:via=direct,offload-threads=4 | key 'offload-threads' needs via=offload",
        "jdbc:pool=0 | key 'pool': 0 is out of range",
        "jdbc:via=offload,offload-threads=0 | key 'offload-threads': 0 is out of range",
        "jdbc:pool-timeout=10ms | is too short; accepted: 250ms or more",
        "jdbc:table=x | has no key 'table'",
    })
    void rejectsBadSpecs(String text, String expected) {
        var e = assertThrows(SpecException.class, () -> WorkloadSpec.parse(text));
        assertTrue(e.getMessage().contains(expected), () -> "message was: " + e.getMessage());
    }

    @Test
    void rejectsUnknownJdbcScheme() {
        var e = assertThrows(SpecException.class, () -> new DbConnection("jdbc:oracle:thin:@h:1521:x", "u", "p"));
        assertTrue(e.getMessage().contains("accepted: jdbc:mariadb://"), e.getMessage());
    }

    @Test
    void masksPasswordsInUrlsAndText() {
        var c = new DbConnection("jdbc:postgresql://127.0.0.1/test?user=u&password=s3cret&ssl=false", "u", "pw-1");
        assertEquals("jdbc:postgresql://127.0.0.1/test?user=u&password=***&ssl=false", c.maskedUrl());
        assertFalse(c.toString().contains("s3cret"));
        assertFalse(c.toString().contains("pw-1"));
        assertEquals("denied for *** at " + c.maskedUrl(), c.mask("denied for pw-1 at " + c.url()));
        assertEquals("jdbc:mysql://***@127.0.0.1/test".replace("***@", "u:***@"),
                new DbConnection("jdbc:mysql://u:pw@127.0.0.1/test", null, null).maskedUrl());
    }
}
