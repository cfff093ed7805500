package org.fiberbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

class DbOptionsTest {

    @Test
    void masksPasswordFlagsInTheRecordedCommandLine() {
        assertEquals(List.of("-w", "jdbc", "--db-password", "***", "--db-password=***",
                        "--db", "jdbc:mysql://h/test?password=***", "--db=jdbc:mysql://h/x?pwd=***"),
                DbRun.maskArgs(List.of("-w", "jdbc", "--db-password", "s1", "--db-password=s2",
                        "--db", "jdbc:mysql://h/test?password=s3", "--db=jdbc:mysql://h/x?pwd=s4")));
    }

    @Test
    void masksSpecPasswordsAndServeAndLoadPasswordsInTheRecordedCommandLine() {
        assertEquals(List.of("-w", "http:url=http://h/x,user=u,password=***,timeout=2s", "--password", "***",
                        "--password=***", "-w", "http:url=http://h/y,password=***,user=v"),
                DbRun.maskArgs(List.of("-w", "http:url=http://h/x,user=u,password=p1,timeout=2s", "--password", "p2",
                        "--password=p3", "-w", "http:url=http://h/y,password='p,4',user=v")));
    }

    @Test
    void rejectsRowsOutOfRange() {
        var e = assertThrows(SpecException.class, () -> DbOptions.of(null, null, null, 0));
        assertTrue(e.getMessage().contains("--rows 0 is out of range"), e.getMessage());
    }

    @Test
    void rejectsCredentialsWithoutDb() {
        var e = assertThrows(SpecException.class, () -> DbOptions.of(null, "root", null, null));
        assertTrue(e.getMessage().contains("need --db"), e.getMessage());
    }
}
