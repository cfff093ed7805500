package org.fiberbench.result.jtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JTL reader and tally on files written by hand: quoting, column order, agents, rows out of send order. */
class JtlReaderTest {
    @TempDir
    Path tmp;

    @Test
    void quotedFieldsWithCommasAndLineBreaksStayOneSample() throws Exception {
        Path f = Files.writeString(tmp.resolve("q.jtl"), "timeStamp,elapsed,label,responseCode,success,failureMessage\n"
                + "1000,5,\"a, b\",500,false,\"line one\nline \"\"two\"\"\"\n"
                + "2000,7,c,200,true,\n");
        List<JtlSample> samples = read(f);
        assertEquals(2, samples.size());
        assertEquals("status_500", samples.get(0).errorClass());
        assertTrue(samples.get(1).ok());
    }

    @Test
    void columnsAreFoundByNameInAnyOrderAndAHostnameColumnNamesTheAgent() throws Exception {
        Path f = Files.writeString(tmp.resolve("h.jtl"), "elapsed,Hostname,timeStamp,threadName\n12,gen-1,5000,Thread Group 1-1\n");
        JtlSample s = read(f).get(0);
        assertEquals(5000, s.startMs());
        assertEquals(12, s.elapsedMs());
        assertEquals("gen-1", s.agent());
        assertNull(s.url());
    }

    @Test
    void agentComesFromDistributedThreadNamesOnly() {
        assertEquals("127.0.0.1:1099", JtlSample.agentOf("127.0.0.1:1099-Thread Group 1-1"));
        assertEquals("box-10.0.0.5", JtlSample.agentOf("box-10.0.0.5 Thread Group 1-3"));
        assertNull(JtlSample.agentOf("Thread Group 1-1"));
        assertNull(JtlSample.agentOf("my-group 1-1"), "a hyphen in a group name is not an agent");
    }

    @Test
    void errorClassesFollowTheLoadGeneratorsNames() {
        assertNull(JtlSample.errorClass(true, "200"));
        assertEquals("status_404", JtlSample.errorClass(true, "404"), "non-2xx is an error even when JMeter passed it");
        assertEquals("assertion", JtlSample.errorClass(false, "200"));
        assertEquals("java.net.ConnectException", JtlSample.errorClass(false, "Non HTTP response code: java.net.ConnectException"));
    }

    @Test
    void rowsOutOfSendOrderLandInTheirSecondAndVeryLateOnesOnlyInTheTotals() {
        JtlTally t = new JtlTally(null);
        t.accept(new JtlSample(10_500, 100, null, null, 2, null));
        t.accept(new JtlSample(9_900, 900, null, null, 2, null)); // sent earlier, written later
        t.accept(new JtlSample(200_000, 10, null, null, 2, null)); // closes the seconds more than 60 s older
        t.accept(new JtlSample(10_200, 10, null, null, 2, null)); // too late: second 10 was closed
        t.finish();
        assertEquals(4, t.ok());
        assertEquals(4, t.service().getTotalCount());
        assertEquals(1, t.late());
        long inIntervals = t.intervals().stream().mapToLong(iv -> iv.count()).sum();
        assertEquals(3, inIntervals);
        assertEquals(1.0, t.intervals().get(0).tS(), "the first second is t=1 even when its row came second");
    }

    @Test
    void aBadNumberNamesTheRowAndTheValue() throws Exception {
        Path f = Files.writeString(tmp.resolve("b.jtl"), "timeStamp,elapsed\n1000,5\n2000,fast\n");
        SpecException e = assertThrows(SpecException.class, () -> read(f));
        assertTrue(e.getMessage().contains("b.jtl row 3: elapsed 'fast'"), e.getMessage());
    }

    private static List<JtlSample> read(Path f) {
        List<JtlSample> out = new ArrayList<>();
        new JtlReader(f).read(out::add);
        return out;
    }
}
