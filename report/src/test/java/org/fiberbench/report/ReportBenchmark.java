package org.fiberbench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark: how long writing report.html takes for a large run, and how big it gets. The issue
 * asks for 200 scenarios in under 3 s and under 5 MB.
 *
 * <p>Builds a synthetic run of N scenarios with every section at realistic lengths (see
 * {@link CraftedRun}: 600-sample resource timelines, 120 latency intervals, 181-point spectra),
 * then times {@link ReportWriter#write} in a fresh JVM — the first write, which pays class loading
 * and JIT warm-up as the CLI does — and a few repeats. Run it from the checkout with
 * <pre>
 * export JAVA_HOME=$(./fiberbench which-jdk)
 * mvn -q -o -pl report test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * $JAVA_HOME/bin/java -cp report/target/classes:report/target/test-classes:$(cat report/target/cp.txt) \
 *     org.fiberbench.report.ReportBenchmark 200 /tmp/report-bench
 * </pre>
 * Expected: the first write in about 1.5 s on a quiet 2-core machine, the file about 3.3 MB.
 */
public final class ReportBenchmark {
    private ReportBenchmark() {
    }

    /** Where the time goes: reading, building the model, writing the page. */
    private static String phases(Path dir) {
        long t0 = System.nanoTime();
        var results = Runs.load(dir);
        long t1 = System.nanoTime();
        var model = ReportModel.build(results, dir, dir);
        long t2 = System.nanoTime();
        Page.write(dir.resolve("report.html"), model);
        long t3 = System.nanoTime();
        return String.format(Locale.ROOT, " (read %.3f s, model %.3f s, write %.3f s)", (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("report-bench");
        CraftedRun.write(dir, n);
        long inputBytes = Files.size(dir.resolve("results.json"));
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int round = 1; round <= 5; round++) {
            long t0 = System.nanoTime();
            long cpu0 = os.getProcessCpuTime();
            Path report = ReportWriter.write(dir);
            double seconds = (System.nanoTime() - t0) / 1e9;
            // process CPU time (all threads, GC and JIT included) is less sensitive than wall time to a busy machine
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            System.out.printf(Locale.ROOT, "round %d: %d scenarios, results.json %.2f MB -> report.html %.2f MB in %.3f s wall, %.3f s CPU%s%n",
                    round, n, inputBytes / 1e6, Files.size(report) / 1e6, seconds, cpu, round == 5 ? phases(dir) : "");
        }
    }
}
