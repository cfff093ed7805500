package org.fiberbench.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.PlatformManagedObject;
import java.lang.management.ThreadInfo;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.fiberbench.executor.CarrierCpu;

/**
 * What the carriers of virtual threads did. For fiberbench-made schedulers (carrier threads
 * named {@value #CARRIER_PREFIX}N): CPU busy % per carrier name, from per-thread CPU time — a
 * carrier name recurs when each batch makes a new pool, and its figures add up. For the JDK's
 * own scheduler: {@code jdk.management.VirtualThreadSchedulerMXBean} (JDK 24+), read by
 * reflection since fiberbench compiles for 21. Carriers that end between two ticks (each batch
 * closes its scheduler) report their own CPU time through {@link CarrierCpu} as they go, so
 * short-lived pools are counted in full.
 *
 * <p>Not thread-safe: ticked by the sampler thread only, read after the sampler has stopped.
 */
final class CarrierSampler implements ResourceSampler.Probe {
    static final String CARRIER_PREFIX = "fiberbench-carrier-";
    private static final String SCHEDULER_BEAN = "jdk.management.VirtualThreadSchedulerMXBean";

    private final boolean carrierCpu;
    private final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, String> names = new HashMap<>();
    private final Map<Long, Long> cpuNanos = new HashMap<>();
    /** CPU the carriers alive at start had already used: not part of the window. */
    private final Map<Long, Long> before = new HashMap<>();
    private final Object schedulerBean;
    private final Map<String, Method> schedulerGetters = new LinkedHashMap<>();
    private final Map<String, long[]> schedulerStats = new LinkedHashMap<>(); // name -> {max, sum, n}
    private long lastTickMs;

    CarrierSampler(boolean carrierCpu, boolean scheduler) {
        this.carrierCpu = carrierCpu && threads.isThreadCpuTimeSupported();
        this.schedulerBean = scheduler ? schedulerBean() : null;
        if (this.carrierCpu) {
            CarrierCpu.watch();
            sampleCarriers();
            before.putAll(cpuNanos);
            cpuNanos.clear();
        }
    }

    private Object schedulerBean() {
        try {
            @SuppressWarnings("unchecked")
            Class<? extends PlatformManagedObject> c = (Class<? extends PlatformManagedObject>) Class.forName(SCHEDULER_BEAN);
            Object bean = ManagementFactory.getPlatformMXBean(c);
            for (String g : new String[] {"getParallelism", "getPoolSize", "getMountedVirtualThreadCount",
                "getQueuedVirtualThreadCount"}) {
                schedulerGetters.put(g, c.getMethod(g));
            }
            return bean;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // JDK 21-23: no such bean
        }
    }

    @Override
    public void tick(long tMs) {
        lastTickMs = tMs;
        if (carrierCpu) {
            sampleCarriers();
        }
        if (schedulerBean != null) {
            sampleScheduler();
        }
    }

    private void sampleCarriers() {
        for (CarrierCpu.Ended e : CarrierCpu.drain()) {
            names.put(e.threadId(), e.name());
            cpuNanos.put(e.threadId(), e.cpuNanos());
        }
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds(), 0)) {
            if (info == null || !info.getThreadName().startsWith(CARRIER_PREFIX)) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu >= 0) {
                names.put(info.getThreadId(), info.getThreadName());
                cpuNanos.put(info.getThreadId(), cpu);
            }
        }
    }

    private void sampleScheduler() {
        for (Map.Entry<String, Method> g : schedulerGetters.entrySet()) {
            try {
                long v = ((Number) g.getValue().invoke(schedulerBean)).longValue();
                long[] s = schedulerStats.computeIfAbsent(g.getKey(), k -> new long[3]);
                s[0] = Math.max(s[0], v);
                s[1] += v;
                s[2]++;
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a getter this JDK lacks: leave it out
            }
        }
    }

    /** The {@code carriers} section, or null when nothing was sampled; ends the watching of carriers. */
    CarrierFigures section(long startMs) {
        if (carrierCpu) {
            CarrierCpu.unwatch();
        }
        long wallMs = Math.max(1, lastTickMs - startMs);
        Map<String, Double> busy = null;
        Double busyMean = null;
        if (!cpuNanos.isEmpty()) {
            busy = new TreeMap<>(CarrierSampler::byNumber);
            for (Map.Entry<Long, Long> e : cpuNanos.entrySet()) {
                busy.merge(names.get(e.getKey()), (e.getValue() - before.getOrDefault(e.getKey(), 0L)) / 1e6, Double::sum);
            }
            double total = 0;
            for (Map.Entry<String, Double> e : busy.entrySet()) {
                total += e.getValue();
                e.setValue(ResourceSampler.round(Math.min(100.0, 100.0 * e.getValue() / wallMs)));
            }
            busyMean = ResourceSampler.round(Math.min(100.0, 100.0 * total / wallMs / busy.size()));
        }
        Map<String, Number> scheduler = null;
        if (!schedulerStats.isEmpty()) {
            Map<String, Number> s = new LinkedHashMap<>();
            schedulerStats.forEach((getter, v) -> {
                String key = getter.replaceFirst("^get", "").replace("VirtualThreadCount", "")
                        .replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
                s.put(key + "_max", v[0]);
                s.put(key + "_mean", v[2] == 0 ? 0 : ResourceSampler.round((double) v[1] / v[2]));
            });
            scheduler = s;
        }
        return busy == null && scheduler == null ? null
                : new CarrierFigures(busy, busyMean, busy == null ? null : "per-carrier CPU time", scheduler);
    }

    private static int byNumber(String a, String b) {
        return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    }
}
