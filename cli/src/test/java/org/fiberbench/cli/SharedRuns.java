package org.fiberbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Real runs that several test classes read, each made once per test JVM on first use (surefire runs a
 * module's classes in reused JVMs), under target/shared-runs-PID/: one real run then serves every
 * class that asserts on that kind of scenario, instead of each forking its own. A class that edits
 * what it reads copies it first; none writes into these directories.
 */
public final class SharedRuns {
    /** A made run: its exit status, what it printed, and its directory (or directories). */
    public record Made(CliCapture.Outcome outcome, List<Path> dirs) {
        public Path dir() {
            return dirs.get(0);
        }

        public int code() {
            return outcome.code();
        }
    }

    /** The plan that {@link #shardHalves()} deals into two shards: 2 executors × 2 workloads × a batch. */
    public static final List<String> SHARD_PLAN = List.of("run", "-e", "virtual", "-e", "platform:fixed=2", "-w", "noop",
            "-w", "cpu:iterations=1000", "-l", "batch:tasks=10", "--warmup", "0", "--iterations", "1", "--time", "200ms");

    private static final Map<String, Made> MADE = new HashMap<>();

    private SharedRuns() {
    }

    /**
     * A batch on a custom virtual-thread scheduler, a closed and an open loop of {@code cpu} in one run,
     * with two threshold verdicts (both pass): each a real JMH or loop fork, 2 iterations of 200 ms.
     */
    public static Made batchClosedOpen() {
        return once("batch-closed-open", dir -> CliCapture.run("run", "-e", "virtual:scheduler=forkjoin,carriers=2",
                "-w", "cpu:iterations=1000", "-l", "batch:tasks=50", "-l", "closed:users=2,duration=1s",
                "-l", "open:rate=50,duration=1s", "--warmup", "0", "--iterations", "2", "--time", "200ms",
                "--threshold", "load=open:rate=50,duration=1s: p99<60s", "--threshold", "load=batch:tasks=50: score<60000ms/op",
                "--out", dir.toString()));
    }

    /** Shards 1/2 and 2/2 of {@link #SHARD_PLAN}, run one after the other. */
    public static Made shardHalves() {
        return onceMany("shard-halves", List.of("1-2", "2-2"), dirs -> {
            CliCapture.Outcome last = null;
            for (int i = 0; i < dirs.size(); i++) {
                List<String> args = new ArrayList<>(SHARD_PLAN);
                args.addAll(List.of("--shard", (i + 1) + "/2", "--out", dirs.get(i).toString()));
                last = CliCapture.run(args);
                if (last.code() != 0) {
                    return last;
                }
            }
            return last;
        });
    }

    /**
     * A process pool of 2 workers (shared queue) running {@code primes}: a batch of 40 tasks (a JMH fork), then
     * a closed loop of 2 users for 1 s (a loop fork).
     */
    public static Made processPool() {
        return once("process-pool", dir -> CliCapture.run("run", "-e", "process:workers=2,dispatch=shared",
                "-w", "primes:range=0..100000", "-l", "batch:tasks=40", "-l", "closed:users=2,duration=1s",
                "--warmup", "0", "--iterations", "1", "--time", "300ms", "--out", dir.toString()));
    }

    /** The jdbc workload on the default database, the embedded H2 the fork starts: a {@code scan}, direct. */
    public static Made embeddedH2() {
        return once("embedded-h2", dir -> CliCapture.run("run", "-e", "virtual", "-w", "jdbc:query=scan,via=direct",
                "-l", "batch:tasks=50", "--warmup", "0", "--iterations", "2", "--time", "200ms", "--out", dir.toString()));
    }

    /** {@code orderbook micro} of the fast book: its 5 JMH benchmarks, one fork each, one iteration of 100 ms. */
    public static Made orderbookMicro() {
        return once("orderbook-micro", dir -> CliCapture.run("orderbook", "micro", "--impl", "fast", "--enqueued", "10",
                "--forks", "1", "--warmup", "0", "--iterations", "1", "--time", "100ms", "--out", dir.toString()));
    }

    private interface Maker {
        CliCapture.Outcome make(Path dir);
    }

    private static Made once(String name, Maker maker) {
        return onceMany(name, List.of(name), dirs -> maker.make(dirs.get(0)));
    }

    private static synchronized Made onceMany(String name, List<String> parts,
                                              Function<List<Path>, CliCapture.Outcome> maker) {
        return MADE.computeIfAbsent(name, n -> {
            Path base = Path.of("target", "shared-runs-" + ProcessHandle.current().pid()).toAbsolutePath();
            List<Path> dirs = parts.stream().map(base::resolve).toList();
            try {
                Files.createDirectories(base);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Made(maker.apply(dirs), dirs);
        });
    }
}
