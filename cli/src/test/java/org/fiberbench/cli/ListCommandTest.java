package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.suite.Suites;
import org.fiberbench.executor.ExecutorKind;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadKind;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

/** {@code fiberbench list ...}: every kind with its keys and an example that is itself a valid spec. */
class ListCommandTest {
    private static final Pattern ROW = Pattern.compile("^(\\S+)\\s+keys: (.*?)\\s+e\\.g\\. (\\S+)$");

    private static String list(String what) {
        CliCapture.Outcome r = CliCapture.run("list", what);
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    /** kind → {keys, example} from the listing's first line per kind. */
    private static java.util.Map<String, String[]> rows(String listing) {
        java.util.Map<String, String[]> m = new java.util.LinkedHashMap<>();
        for (String line : listing.lines().toList()) {
            Matcher x = ROW.matcher(line);
            if (x.matches()) {
                m.put(x.group(1), new String[] {x.group(2), x.group(3)});
            }
        }
        return m;
    }

    @Test
    void executorsListsEveryKindWithItsKeysAndAWorkingExample() {
        var rows = rows(list("executors"));
        for (ExecutorKind k : ExecutorKind.all()) {
            String[] r = rows.get(k.id());
            assertTrue(r != null, k.id() + " is listed");
            assertEquals(k.keys().isEmpty() ? "-" : String.join(", ", k.keys()), r[0]);
            assertEquals(k, ExecutorSpec.parse(r[1]).kind(), "the example parses: " + r[1]);
        }
        assertEquals(ExecutorKind.all().size(), rows.size());
    }

    @Test
    void workloadsListsEveryKindWithAWorkingExample() {
        var rows = rows(list("workloads"));
        for (WorkloadKind k : WorkloadKind.all()) {
            String[] r = rows.get(k.id());
            assertTrue(r != null, k.id() + " is listed");
            assertEquals(k, WorkloadSpec.parse(r[1]).kind(), "the example parses: " + r[1]);
        }
    }

    @Test
    void loadsListsBatchClosedAndOpenWithTheirKeys() {
        String out = list("loads");
        var rows = rows(out);
        assertEquals(List.of("batch", "closed", "open"), List.copyOf(rows.keySet()));
        assertEquals("rate, duration, warmup, arrival", rows.get("open")[0]);
        for (String[] r : rows.values()) {
            LoadSpec.parse(r[1]);
        }
        assertTrue(out.contains("poisson"), out);
    }

    @Test
    void suitesListsEachWithItsExperimentAndMarksTheDefaultRun() {
        String out = list("suites");
        for (Suite s : Suites.all()) {
            String line = out.lines().filter(l -> l.startsWith(s.name() + " ")).findFirst().orElseThrow();
            String experiment = Experiments.of(s.name());
            assertFalse(experiment.equals("-"), s.name() + " names the experiment it reproduces");
            assertTrue(line.matches(Pattern.quote(s.name()) + "\\s+" + Pattern.quote(experiment) + "\\s+.*"), line);
            assertEquals(Suites.defaultShowdown().contains(s), line.endsWith("[default run]"), line);
        }
        assertFalse(out.toLowerCase(java.util.Locale.ROOT).contains("seed"), "experiments are named, not numbered: " + out);
    }

    @Test
    void unknownListIsOneLineAndExit2() {
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(err, "list", "threads"));
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
        assertTrue(err.toString().contains("expected one of [executors, workloads, loads, suites, jdks]"), err.toString());
    }
}
