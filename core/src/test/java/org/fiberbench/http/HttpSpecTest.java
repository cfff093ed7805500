package org.fiberbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

class HttpSpecTest {

    @Test
    void httpWorkloadKeepsAUrlWithItsQuery() {
        WorkloadSpec w = WorkloadSpec.parse("http:url=http://127.0.0.1:8080/thread/benchmark?ms=1000,user=hello,password=world");
        assertEquals("http:url=http://127.0.0.1:8080/thread/benchmark?ms=1000,user=hello,password=***", w.canonical());
    }

    @Test
    void passwordIsMaskedInEveryFormButKeptForTheForks() {
        WorkloadSpec w = WorkloadSpec.parse("http:url=http://127.0.0.1:8080/x,user=u,password=s3cret-Pw,timeout=2s");
        assertEquals("http:url=http://127.0.0.1:8080/x,user=u,password=***,timeout=2s", w.canonical());
        assertEquals(w.canonical(), w.toString());
        assertEquals(w.canonical(), w.spec().toString());
        assertEquals(Map.of("password", "s3cret-Pw"), w.spec().secrets());
        // the masked text parses again (as in a fork), and outside a fork it says where the value must come from
        WorkloadSpec forked = WorkloadSpec.parse(w.canonical());
        assertEquals(w.canonical(), forked.canonical());
        SpecException e = assertThrows(SpecException.class, forked::create);
        assertTrue(e.getMessage().contains("password") && e.getMessage().contains("accepted"), e.getMessage());
    }

    @Test
    void rejectsABadUrl() {
        SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse("http:url=htp:/x"));
        assertTrue(e.getMessage().contains("htp:/x"), e.getMessage());
    }

    @Test
    void rejectsCredentialsInTheUrlWithoutRepeatingThem() {
        SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse("http:url=http://u:s3cret-Pw@127.0.0.1:8080/x"));
        assertTrue(!e.getMessage().contains("s3cret-Pw") && e.getMessage().contains("password="), e.getMessage());
        assertThrows(SpecException.class, () -> HttpTarget.parseUrl("http://u:s3cret-Pw@127.0.0.1/"));
    }

    @Test
    void rejectsUserWithoutPassword() {
        assertThrows(SpecException.class, () -> WorkloadSpec.parse("http:url=http://127.0.0.1/,user=u"));
    }

    @Test
    void relativeUrlIsValidButNeedsTheServerRunner() {
        WorkloadSpec w = WorkloadSpec.parse("http:url=/thread/name");
        assertTrue(HttpWorkload.isRelative(w.canonical()));
        assertThrows(SpecException.class, w::create);
    }

    @Test
    void unreachableServerFailsTheWorkloadsSetUp() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (Workload w = WorkloadSpec.parse("http:url=http://127.0.0.1:" + port + "/,timeout=2s").create()) {
            SpecException e = assertThrows(SpecException.class, w::setUp);
            assertTrue(e.getMessage().contains("cannot connect"), e.getMessage());
        }
    }

    @Test
    void bucketsDefaultToTheSeedsRanges() {
        Histogram h = new Histogram(3);
        h.recordValue(100_000_000L);
        h.recordValue(1_000_000_000L);
        h.recordValue(1_000_000_000L);
        h.recordValue(20_000_000_000L);
        List<Map<String, Object>> b = Buckets.DEFAULT.count(h);
        assertEquals(List.of("< 500 ms", "500–1500 ms", ">= 1500 ms"), b.stream().map(m -> m.get("label")).toList());
        assertEquals(List.of(1L, 2L, 1L), b.stream().map(m -> m.get("count")).toList());
    }

    @Test
    void rejectsBucketsThatDoNotIncrease() {
        assertThrows(SpecException.class, () -> Buckets.parse("1500ms,500ms"));
        assertEquals(List.of(Duration.ofMillis(100), Duration.ofSeconds(1)), Buckets.parse("100ms,1s").bounds());
    }

    @Test
    void rejectsAnHttpsOrRelativeLoadTarget() {
        assertThrows(SpecException.class, () -> HttpTarget.of("https://example.org/", null, null, Duration.ofSeconds(1), null));
        assertThrows(SpecException.class, () -> HttpTarget.of("/thread/name", null, null, Duration.ofSeconds(1), null));
    }
}
