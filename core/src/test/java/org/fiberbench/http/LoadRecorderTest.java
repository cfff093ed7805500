package org.fiberbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.fiberbench.measure.LatencyReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What lanes record reaches the intervals, both views, the totals and both logs; the request sent is wrk's shape. */
class LoadRecorderTest {
    @TempDir
    Path dir;

    @Test
    void lanesAndTheSharedRecordersMeetInEveryInterval() throws Exception {
        Path hlog = dir.resolve("load.hlog");
        LoadRecorder r = new LoadRecorder(System.nanoTime(), hlog);
        LoadRecorder.Lane a = r.lane();
        LoadRecorder.Lane b = r.lane();
        Thread ta = Thread.ofPlatform().start(() -> record(a, 3000, 1_000_000));
        Thread tb = Thread.ofPlatform().start(() -> record(b, 2000, 2_000_000));
        ta.join();
        tb.join();
        r.success(50_000_000, 5_000_000); // an open-model response: the views differ
        LatencyReport.Interval first = r.cut(1, false, true, 1.0, () -> 2);
        b.success(4_000_000);
        LatencyReport.Interval second = r.cut(2, false, true, 1.0, () -> 2);
        r.close();

        assertEquals(5001, first.count());
        assertEquals(1, second.count());
        LoadRecorder.Snapshot s = r.snapshot();
        assertEquals(5002, s.completed());
        assertEquals(5002, s.corrected().getTotalCount());
        assertEquals(5002, s.uncorrected().getTotalCount());
        assertEquals(50_000_000, s.corrected().getMaxValue(), 50_000_000 / 1000.0);
        assertEquals(5_000_000, s.uncorrected().getMaxValue(), 5_000_000 / 1000.0);
        assertEquals(1_000_000, s.uncorrected().getMinValue(), 1_000_000 / 1000.0);
        assertEquals(List.of(5001L, 1L), counts(hlog));
        assertEquals(List.of(5001L, 1L), counts(dir.resolve("load-service.hlog")));
    }

    @Test
    void theRequestIsTheLineHostAndCredentialsAlone() {
        HttpTarget t = HttpTarget.of("http://127.0.0.1:8080/thread/name?x=1", null, null, Duration.ofSeconds(1), null);
        assertEquals("GET /thread/name?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                new String(SocketHttpSender.requestBytes(t), StandardCharsets.ISO_8859_1));
        HttpTarget auth = HttpTarget.of("http://127.0.0.1:8080/", "u", "p", Duration.ofSeconds(1), null);
        assertEquals("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: " + auth.authorization() + "\r\n\r\n",
                new String(SocketHttpSender.requestBytes(auth), StandardCharsets.ISO_8859_1));
    }

    private static void record(LoadRecorder.Lane lane, int n, long nanos) {
        for (int i = 0; i < n; i++) {
            lane.success(nanos);
        }
    }

    private static List<Long> counts(Path log) throws Exception {
        List<Long> counts = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
            counts.add(((org.HdrHistogram.Histogram) h).getTotalCount());
        }
        reader.close();
        return counts;
    }
}
