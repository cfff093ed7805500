#!/usr/bin/env bash
# What fiberbench's batch adds to each task, without a database or a loop in the way: the same
# trivial task run N at a time by hand (a virtual thread started per task, a latch counting them
# down) and through a fiberbench executor (the spec given, the batch's submit-shutdown-await-close
# and its per-task counting; a completion that, as a batch's, reads no task times, so only a worker
# charged task time reads the clock), alternated pair after pair in one JVM, the order swapped
# every pair. Prints each side's median ns a task, their difference and the geometric mean of the
# pairs' ratios. `noop`: the task does nothing; `offload`: it hands a trivial call to a fixed pool of
# 4 platform threads and waits on the CompletableFuture, as the offload pairs' tasks do around
# their query, so each task parks and is woken once.
# Usage: scripts/per-task-cost.sh [TASK=offload] [TASKS=1000] [PAIRS=400] [EXECUTOR=virtual] [ROUNDS=2]
# A virtual executor on another scheduler (e.g. virtual:scheduler=fixed,carriers=2) is compared with
# the same hand-started threads on the JDK's scheduler: only the default executor is like for like.
set -euo pipefail
cd "$(dirname "$0")/.."
task=${1:-offload} tasks=${2:-1000} pairs=${3:-400} executor=${4:-virtual} rounds=${5:-2}
case "$task" in noop|offload) ;; *) echo "per-task-cost: task '$task'; accepted: noop, offload" >&2; exit 2 ;; esac
jdk=$(./fiberbench which-jdk)
./fiberbench --version > /dev/null # builds the jar when it is missing or older than the sources
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/PerTaskCost.java" <<'JAVA'
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.workload.Workload;

public class PerTaskCost {
    static final ExecutorService POOL = Executors.newFixedThreadPool(4, Thread.ofPlatform().daemon(true).factory());
    static boolean offload;

    static void body() throws Exception {
        if (offload) {
            CompletableFuture.supplyAsync(() -> "x", POOL).get();
        }
    }

    /** By hand: a virtual thread per task, a latch. */
    static long byHand(int n) throws Exception {
        long t0 = System.nanoTime();
        CountDownLatch latch = new CountDownLatch(n);
        AtomicLong failed = new AtomicLong();
        for (int i = 0; i < n; i++) {
            Thread.ofVirtual().start(() -> {
                try {
                    body();
                } catch (Exception e) {
                    failed.incrementAndGet();
                } finally {
                    latch.countDown();
                }
            });
        }
        latch.await();
        check(failed.get());
        return System.nanoTime() - t0;
    }

    /** fiberbench's batch: an executor from the spec, the tasks submitted, shutdown, the completion awaited, closed. */
    static long fiberbench(ExecutorSpec spec, Workload w, int n) throws Exception {
        long t0 = System.nanoTime();
        CountDownLatch latch = new CountDownLatch(n);
        AtomicLong failed = new AtomicLong();
        TaskExecutor.Completion done = new TaskExecutor.Completion() { // as a batch's: counts, reads no times
            public void complete(long start, long end, Throwable error) {
                if (error != null) {
                    failed.incrementAndGet();
                }
                latch.countDown();
            }

            public boolean timed() {
                return false;
            }
        };
        try (TaskExecutor ex = spec.create()) {
            for (int i = 0; i < n; i++) {
                ex.submit(w, i, done);
            }
            ex.shutdown();
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(latch.getCount() + " tasks unfinished");
            }
        }
        check(failed.get());
        return System.nanoTime() - t0;
    }

    static void check(long failed) {
        if (failed != 0) {
            throw new IllegalStateException(failed + " tasks failed");
        }
    }

    public static void main(String[] a) throws Exception {
        offload = a[0].equals("offload");
        int n = Integer.parseInt(a[1]);
        int pairs = Integer.parseInt(a[2]);
        ExecutorSpec spec = ExecutorSpec.parse(a[3]);
        Workload w = new Workload() {
            public String spec() {
                return "per-task-cost";
            }

            public void run(long seq) throws Exception {
                body();
            }
        };
        for (int i = 0; i < pairs / 2; i++) { // warm-up
            byHand(n);
            fiberbench(spec, w, n);
        }
        double[] h = new double[pairs];
        double[] f = new double[pairs];
        double logs = 0;
        for (int i = 0; i < pairs; i++) {
            if ((i & 1) == 0) {
                h[i] = byHand(n);
                f[i] = fiberbench(spec, w, n);
            } else {
                f[i] = fiberbench(spec, w, n);
                h[i] = byHand(n);
            }
            logs += Math.log(f[i] / h[i]);
        }
        Arrays.sort(h);
        Arrays.sort(f);
        System.out.printf("%-8s %8d %8.1f %12.1f %10.1f %10.3f%n", a[0], n, h[pairs / 2] / n, f[pairs / 2] / n,
                (f[pairs / 2] - h[pairs / 2]) / n, Math.exp(logs / pairs));
    }
}
JAVA
printf '%-8s %8s %8s %12s %10s %10s\n' task tasks "hand ns" "fiberbench ns" "diff ns" "geo ratio"
for r in $(seq 1 "$rounds"); do
  "$jdk/bin/java" --add-opens java.base/java.lang=ALL-UNNAMED -XX:CompileCommand=quiet \
    -XX:CompileCommand=dontinline,org.fiberbench.executor.ThreadTaskExecutor::runTask \
    -cp cli/target/fiberbench.jar "$work/PerTaskCost.java" "$task" "$tasks" "$pairs" "$executor" 2> "$work/err" \
    || { cat "$work/err" >&2; exit 1; }
done
