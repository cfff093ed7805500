#!/usr/bin/env bash
# Where the offload pairs' fork-to-fork shift comes from. Two sides run the same database batch in
# one fork, alternated pair after pair with the order swapped every pair, as calibrate's interleaved
# forks do, against the embedded H2 calibrate uses; each fork prints the geometric mean of its pairs'
# ratios, and each mode the spread of those means over the forks against what the pairs' scatter
# alone predicts (the rest is the forks' own shift), the lag-1 autocorrelation of a side's batch
# times and the correlation of the two sides' times within a pair. Modes:
#   rr    the reference benchmark (ReferenceDatabaseBenchmark, point, offload) against itself: two
#         instances, each with its own HikariCP pool and offload executor, no fiberbench code measured
#   none  a batch written here (1000 virtual threads, each handing a point query to a fixed pool of
#         4 platform threads and waiting on the CompletableFuture): a pool and an executor per side
#   exec  the same, one executor shared by both sides
#   pool  the same, one HikariCP pool shared by both sides
#   both  the same, the pool and the executor shared
# Usage: scripts/offload-sides.sh [FORKS=6] [WARMUP=50] [PAIRS=60] [MODES=rr,none,exec,pool,both]
set -euo pipefail
cd "$(dirname "$0")/.."
forks=${1:-6} warmup=${2:-50} pairs=${3:-60} modes=${4:-rr,none,exec,pool,both}
for n in "$forks" "$warmup" "$pairs"; do
  case "$n" in ''|*[!0-9]*) echo "offload-sides: '$n' is not a count; accepted: whole numbers, e.g. 6 50 60" >&2; exit 2 ;; esac
done
[ "$forks" -ge 2 ] && [ "$pairs" -ge 2 ] || { echo "offload-sides: FORKS $forks, PAIRS $pairs; accepted: 2 or more each" >&2; exit 2; }
IFS=, read -ra list <<< "$modes"
for m in "${list[@]}"; do
  case "$m" in rr|none|exec|pool|both) ;; *) echo "offload-sides: mode '$m'; accepted: rr, none, exec, pool, both" >&2; exit 2 ;; esac
done
jdk=$(./fiberbench which-jdk)
./fiberbench --version > /dev/null # builds the jar when it is missing or older than the sources
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/OffloadSides.java" <<'JAVA'
import com.zaxxer.hikari.HikariDataSource;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.SharedDatabase;
import org.fiberbench.engine.jmh.BenchmarkMethod;
import org.fiberbench.engine.jmh.InterleavedBatches;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.Pools;

public class OffloadSides {
    interface Side {
        long once() throws Exception;
    }

    public static void main(String[] a) throws Exception {
        // HikariCP's start-up lines off the console, in the parent and in every fork
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        if (a[0].equals("fork")) {
            fork(a[1], Integer.parseInt(a[2]), Integer.parseInt(a[3]));
        } else {
            parent(a[0].split(","), Integer.parseInt(a[1]), Integer.parseInt(a[2]), Integer.parseInt(a[3]), a[4]);
        }
    }

    static void parent(String[] modes, int forks, int warmup, int pairs, String source) throws Exception {
        System.out.printf("%-5s %5s %10s %14s %13s %12s %11s %11s %10s%n", "mode", "forks", "geo ratio", "fork means sd",
                "scatter pred", "fork shift", "lag-1 side", "corr sides", "batch ms");
        List<List<double[]>> logs = new ArrayList<>();
        List<List<List<double[]>>> times = new ArrayList<>();
        for (String m : modes) {
            logs.add(new ArrayList<>());
            times.add(new ArrayList<>());
        }
        try (SharedDatabase db = SharedDatabase.open(DbOptions.EMBEDDED)) {
            for (int f = 0; f < forks; f++) {
                for (int m = 0; m < modes.length; m++) {
                    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
                    cmd.addAll(InterleavedBatches.JVM_ARGS);
                    cmd.addAll(db.forkJvmArgs());
                    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), source, "fork", modes[m],
                            String.valueOf(warmup), String.valueOf(pairs)));
                    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
                    List<double[]> got = new ArrayList<>();
                    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            String[] s = line.split(" ");
                            if (s.length == 3 && s[0].equals("pair")) {
                                got.add(new double[] {Long.parseLong(s[1]) / 1e6, Long.parseLong(s[2]) / 1e6});
                            }
                        }
                    }
                    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0 || got.size() != pairs) {
                        p.destroyForcibly();
                        throw new IllegalStateException("fork " + f + " of " + modes[m] + " ended with " + got.size() + " of " + pairs + " pairs");
                    }
                    double[] l = new double[pairs];
                    for (int i = 0; i < pairs; i++) {
                        l[i] = Math.log(got.get(i)[1] / got.get(i)[0]);
                    }
                    logs.get(m).add(l);
                    times.get(m).add(got);
                }
            }
        }
        for (int m = 0; m < modes.length; m++) {
            double[] means = logs.get(m).stream().mapToDouble(OffloadSides::mean).toArray();
            double within = logs.get(m).stream().mapToDouble(OffloadSides::variance).average().orElseThrow();
            double rounds = variance(means);
            double lag = 0;
            double corr = 0;
            for (List<double[]> fork : times.get(m)) {
                double[] x = fork.stream().mapToDouble(t -> t[0]).toArray();
                double[] y = fork.stream().mapToDouble(t -> t[1]).toArray();
                lag += (lag1(x) + lag1(y)) / 2 / forks;
                corr += correlation(x, y) / forks;
            }
            double batch = times.get(m).stream().flatMap(List::stream).mapToDouble(t -> (t[0] + t[1]) / 2).average().orElseThrow();
            System.out.printf(Locale.ROOT, "%-5s %5d %10.4f %13.1f%% %12.1f%% %11.1f%% %11.2f %11.2f %10.1f%n", modes[m], forks,
                    Math.exp(mean(means)), 100 * Math.sqrt(rounds), 100 * Math.sqrt(within / pairs),
                    100 * Math.sqrt(Math.max(0, rounds - within / pairs)), lag, corr, batch);
        }
    }

    static void fork(String mode, int warmup, int pairs) throws Exception {
        Side x;
        Side y;
        if (mode.equals("rr")) {
            x = reference();
            y = reference();
        } else {
            DbConnection db = DbConnection.fromSystemProperty();
            int rows = Integer.getInteger("fiberbench.db.rows", 10);
            HikariDataSource p1 = pool(db);
            HikariDataSource p2 = mode.equals("pool") || mode.equals("both") ? p1 : pool(db);
            ExecutorService e1 = executor();
            ExecutorService e2 = mode.equals("exec") || mode.equals("both") ? e1 : executor();
            x = batch(p1, e1, rows);
            y = batch(p2, e2, rows);
        }
        for (int p = 0; p < warmup + pairs; p++) {
            long tx;
            long ty;
            if ((p & 1) == 0) {
                tx = x.once();
                ty = y.once();
            } else {
                ty = y.once();
                tx = x.once();
            }
            if (p >= warmup) {
                System.out.println("pair " + tx + " " + ty);
                System.out.flush();
            }
        }
        System.exit(0);
    }

    static Side reference() throws Exception {
        BenchmarkMethod m = BenchmarkMethod.open("org.fiberbench.engine.jmh.ReferenceDatabaseBenchmark.batch",
                Map.of("query", "point", "via", "offload", "taskCount", "1000", "poolSize", "16"));
        return () -> {
            long t0 = System.nanoTime();
            m.call();
            return System.nanoTime() - t0;
        };
    }

    /** The jdbc workload's pool of 16, as its fork opens it. */
    static HikariDataSource pool(DbConnection db) {
        return Pools.open(db, 16, Duration.ofSeconds(10), "offload-sides");
    }

    static ExecutorService executor() {
        return Executors.newFixedThreadPool(4, Thread.ofPlatform().daemon(true).factory());
    }

    static Side batch(HikariDataSource pool, ExecutorService ex, int rows) {
        long[] seq = {0};
        return () -> {
            long t0 = System.nanoTime();
            CountDownLatch latch = new CountDownLatch(1000);
            AtomicInteger failed = new AtomicInteger();
            for (int i = 0; i < 1000; i++) {
                long id = seq[0]++ % rows + 1;
                Thread.ofVirtual().start(() -> {
                    try {
                        CompletableFuture.supplyAsync(() -> query(pool, id), ex).get();
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    } finally {
                        latch.countDown();
                    }
                });
            }
            if (!latch.await(1, TimeUnit.MINUTES) || failed.get() != 0) {
                throw new IllegalStateException(failed.get() + " queries failed");
            }
            return System.nanoTime() - t0;
        };
    }

    static String query(HikariDataSource pool, long id) {
        try (Connection c = pool.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT id, hello, response FROM fiberbench_hello WHERE id = ?")) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next() || r.getLong(1) != id) {
                    throw new IllegalStateException("row " + id + " missing");
                }
                return r.getString(2) + "," + r.getString(3);
            }
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    static double lag1(double[] v) {
        double m = mean(v);
        double num = 0;
        double den = 0;
        for (int i = 0; i < v.length; i++) {
            den += (v[i] - m) * (v[i] - m);
            if (i + 1 < v.length) {
                num += (v[i] - m) * (v[i + 1] - m);
            }
        }
        return num / den;
    }

    static double correlation(double[] x, double[] y) {
        double mx = mean(x);
        double my = mean(y);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxy / Math.sqrt(sxx * syy);
    }
}
JAVA
"$jdk/bin/java" -cp cli/target/fiberbench.jar "$work/OffloadSides.java" "$modes" "$forks" "$warmup" "$pairs" "$work/OffloadSides.java"
