package org.fiberbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.Suites;
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
    void rejectsRowsOutOfRange() {
        var e = assertThrows(SpecException.class, () -> DbOptions.of(null, null, null, 0));
        assertTrue(e.getMessage().contains("--rows 0 is out of range"), e.getMessage());
    }

    @Test
    void rejectsCredentialsWithoutDb() {
        var e = assertThrows(SpecException.class, () -> DbOptions.of(null, "root", null, null));
        assertTrue(e.getMessage().contains("need --db"), e.getMessage());
    }

    @Test
    void dbSuiteFollowsSeed001AndOnlyItsSmokeJoinsTheDefaultRun() {
        var db = Suites.of("db").plan(Suite.Scale.FULL, org.fiberbench.engine.Settings.Overrides.NONE);
        assertEquals(40, db.size(), "2 sizes x 5 batches x 2 schedulers + 5 batches x 4 direct executors");
        assertTrue(db.get(0).executor().canonical().startsWith("virtual-pool:size=1000,scheduler=forkjoin"));
        assertEquals("batch:tasks=100000", db.get(0).load().canonical());
        assertTrue(db.stream().anyMatch(s -> s.load().canonical().equals("batch:tasks=500000")));
        assertTrue(Suites.defaultShowdown().stream().anyMatch(s -> s.name().equals("db-smoke")));
        assertTrue(Suites.defaultShowdown().stream().noneMatch(s -> s.name().equals("db")));
    }
}
