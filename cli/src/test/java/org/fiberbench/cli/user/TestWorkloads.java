package org.fiberbench.cli.user;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * User workloads for the class: tests, on the test class path (so on every fork's and worker's
 * too), each doing one thing on purpose.
 */
public final class TestWorkloads {
    private TestWorkloads() {
    }

    /** The sum of the square roots of 0..N-1, returned and nothing else: its score must grow with N. */
    public static class SumOfRoots implements Workload {
        private long n;

        @Override
        public void setUp(Parameters p) {
            n = p.longValue("n");
        }

        @Override
        public Object run() {
            double sum = 0;
            for (long i = 0; i < n; i++) {
                sum += Math.sqrt(i);
            }
            return sum;
        }
    }

    /** Its set-up throws, as one that cannot reach its database does. */
    public static class FailingSetUp implements Workload {
        @Override
        public void setUp(Parameters p) {
            throw new IllegalStateException("no database at " + p.string("db", "db.example"));
        }

        @Override
        public Object run() {
            return null;
        }
    }

    /** Runs fine; its validation and its tear-down throw. */
    public static class FailingEnd implements Workload {
        @Override
        public Object run() {
            return 1;
        }

        @Override
        public void validate() {
            throw new IllegalStateException("3 rows missing");
        }

        @Override
        public void tearDown() {
            throw new IllegalStateException("connection already closed");
        }
    }

    /** Appends "pid parameters" to the file out= names at set-up: which JVMs set it up, with what. */
    public static class RecordParameters implements Workload {
        @Override
        public void check(Parameters p) {
            p.integer("size");
        }

        @Override
        public void setUp(Parameters p) throws Exception {
            String line = ProcessHandle.current().pid() + " " + p.asMap() + "\n";
            Files.writeString(Path.of(p.string("out")), line, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }

        @Override
        public Object run() {
            return null;
        }
    }

    /** Not a workload. */
    public static class NotAWorkload {
    }

    /** A workload without a no-argument constructor. */
    public static class NeedsArgument implements Workload {
        public NeedsArgument(int size) {
        }

        @Override
        public Object run() {
            return null;
        }
    }
}
