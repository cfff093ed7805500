package org.fiberbench.result;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine, JDK and OS a run measured on, captured once per run, and the hygiene checks that
 * turn into warnings: a machine already busy before the run, or loaded by other work during it.
 */
public final class Environment {
    /** Whole-machine CPU use above this, with nothing of ours running, means the numbers are suspect. */
    public static final double BUSY_PCT = 20.0;

    private Environment() {
    }

    /** The machine's name, from the kernel when it says, else from the resolver; null when neither does. */
    public static String hostname() {
        try {
            String h = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname")).trim();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: ask the resolver
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return null;
        }
    }

    static Map<String, Object> capture() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("hostname", hostname()); // which machine: shards and simultaneous loads name their parts by it
        Map<String, Object> jdk = new LinkedHashMap<>();
        jdk.put("vendor", System.getProperty("java.vendor"));
        jdk.put("version", System.getProperty("java.version"));
        jdk.put("vm_name", System.getProperty("java.vm.name"));
        jdk.put("vm_version", System.getProperty("java.vm.version"));
        jdk.put("home", System.getProperty("java.home"));
        jdk.put("input_arguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put("jdk", jdk);
        List<String> gcs = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs.add(gc.getName());
        }
        env.put("gc", gcs);
        env.put("cpu", Map.of("model", cpuModel(), "count", Runtime.getRuntime().availableProcessors()));
        env.put("memory_bytes", totalMemory());
        Map<String, Object> os = new LinkedHashMap<>();
        os.put("name", System.getProperty("os.name"));
        os.put("version", System.getProperty("os.version"));
        os.put("arch", System.getProperty("os.arch"));
        env.put("os", os);
        env.put("load_average_before", loadAverage());
        env.put("load_average_after", null);
        env.put("cpu_busy_before_pct", round1(othersBusyPct(500)));
        env.put("custom_scheduler_mechanism", org.fiberbench.executor.VirtualThreads.mechanism());
        return env;
    }

    /** Warnings derived from a fresh capture: the busy machine before the run. */
    static List<String> warnings(Map<String, Object> env) {
        List<String> w = new ArrayList<>();
        Object busy = env.get("cpu_busy_before_pct");
        if (busy instanceof Double b && b > BUSY_PCT) {
            w.add(String.format("the machine was %.0f%% busy with other work before the run started; scores may be"
                    + " low and noisy", b));
        }
        double load = loadAverage();
        int cpus = Runtime.getRuntime().availableProcessors();
        if (load > cpus * 0.5) {
            w.add(String.format("load average was %.2f on %d CPUs before the run", load, cpus));
        }
        return w;
    }

    static double loadAverage() {
        return round2(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    static long totalMemory() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize();
        }
        return -1;
    }

    /**
     * Percent of all CPUs busy over {@code ms} with work other than this process and its descendants
     * (from /proc/stat, less their own CPU time over the same window); NaN where that is not readable.
     * fiberbench's own JVM is busy between scenarios too (the JIT, the GC, writing results), and a fork
     * may still be exiting: counting those as other work made the warning cry wolf.
     */
    public static double othersBusyPct(long ms) {
        long[] a = procStat();
        Map<Long, Long> ownA = ownCpuNanos();
        if (a == null) {
            return Double.NaN;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
        long[] b = procStat();
        Map<Long, Long> ownB = ownCpuNanos();
        if (b == null) {
            return Double.NaN;
        }
        long ownNanos = 0; // per process alive at the end; one that exited in between is not known here
        for (var e : ownB.entrySet()) {
            ownNanos += Math.max(0, e.getValue() - ownA.getOrDefault(e.getKey(), 0L));
        }
        long total = b[0] - a[0];
        long idle = b[1] - a[1];
        return total <= 0 ? Double.NaN : 100.0 * Math.max(0, total - idle - ownNanos / 1e9 * JIFFIES_PER_SECOND) / total;
    }

    /** /proc/stat counts in USER_HZ, 100 on every Linux architecture fiberbench runs on. */
    private static final double JIFFIES_PER_SECOND = 100;

    /** CPU time so far of this process and its live descendants, by pid, in ns; those the OS cannot tell are left out. */
    static Map<Long, Long> ownCpuNanos() {
        Map<Long, Long> out = new LinkedHashMap<>();
        java.util.stream.Stream.concat(java.util.stream.Stream.of(ProcessHandle.current()), ProcessHandle.current().descendants())
                .forEach(h -> h.info().totalCpuDuration().ifPresent(d -> out.put(h.pid(), d.toNanos())));
        return out;
    }

    /** {total jiffies, idle+iowait jiffies} of the "cpu" line. */
    private static long[] procStat() {
        try {
            String line = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = line.trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
            return new long[] {total, idle};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static double round1(double v) {
        return Double.isNaN(v) ? -1 : Math.round(v * 10) / 10.0;
    }

    static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
