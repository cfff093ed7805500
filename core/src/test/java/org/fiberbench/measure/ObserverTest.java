package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObserverTest {
    private static final ObserveOptions ALL_PINNING = new ObserveOptions(50, Duration.ZERO, null, null, false);

    @Test
    @SuppressWarnings("unchecked")
    void pinningWorkloadIsDetectedWithItsStack() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "pin:ms=20", 10);
        Map<String, Object> pinning = (Map<String, Object>) o.stop(10).get("pinning");
        assertTrue(((Number) pinning.get("count")).longValue() >= 10, pinning.toString());
        assertTrue(((Number) pinning.get("total_ms")).doubleValue() >= 10 * 20 * 0.9, pinning.toString());
        List<Map<String, Object>> top = (List<Map<String, Object>>) pinning.get("top_stacks");
        List<String> stack = (List<String>) top.get(0).get("stack");
        assertTrue(stack.stream().anyMatch(f -> f.contains("PinWorkload$Initializer.<clinit>")), stack.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void sleepingVirtualThreadsDoNotPin() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "sleep:ms=20", 10);
        Map<String, Object> pinning = (Map<String, Object>) o.stop(10).get("pinning");
        assertEquals(0L, ((Number) pinning.get("count")).longValue(), pinning.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void customCarriersReportBusyShare() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.CUSTOM, Observer.Files.NONE);
        Batches.run("virtual:scheduler=fixed,carriers=2", "cpu:iterations=5000000", 40);
        Map<String, Object> carriers = (Map<String, Object>) o.stop(40).get("carriers");
        assertNotNull(carriers);
        Map<String, Number> busy = (Map<String, Number>) carriers.get("busy_pct");
        assertEquals(List.of("fiberbench-carrier-0", "fiberbench-carrier-1"), List.copyOf(busy.keySet()));
        assertTrue(busy.values().stream().allMatch(v -> v.doubleValue() > 5 && v.doubleValue() <= 100), busy.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void defaultSchedulerBeanIsSampledOnJdk24AndLater() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 24, "bean exists from JDK 24");
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "sleep:ms=100", 50);
        Map<String, Object> carriers = (Map<String, Object>) o.stop(50).get("carriers");
        Map<String, Object> scheduler = (Map<String, Object>) carriers.get("scheduler");
        assertTrue(((Number) scheduler.get("parallelism_max")).longValue() >= 1, scheduler.toString());
        assertTrue(scheduler.containsKey("mounted_max") && scheduler.containsKey("queued_max"), scheduler.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void carriersThatEndBetweenTwoSamplesStillCount() throws Exception {
        // one sample per 10 s: every batch makes and closes its two carriers long before the first tick
        Observer o = Observer.start(new ObserveOptions(10_000, Duration.ZERO, null, null, false), Observer.Carriers.CUSTOM,
                Observer.Files.NONE);
        for (int batch = 0; batch < 10; batch++) {
            Batches.run("virtual:scheduler=fixed,carriers=2", "cpu:iterations=5000000", 8);
        }
        Map<String, Object> observed = o.stop(80);
        Map<String, Number> busy = (Map<String, Number>) ((Map<String, Object>) observed.get("carriers")).get("busy_pct");
        assertEquals(List.of("fiberbench-carrier-0", "fiberbench-carrier-1"), List.copyOf(busy.keySet()));
        Map<String, Object> summary = (Map<String, Object>) ((Map<String, Object>) observed.get("resources")).get("summary");
        double carrierCpuMs = busy.values().stream().mapToDouble(Number::doubleValue).sum() / 100
                * ((Number) summary.get("wall_ms")).doubleValue();
        long processCpuMs = ((Number) summary.get("cpu_user_ms")).longValue() + ((Number) summary.get("cpu_sys_ms")).longValue();
        // the carriers did the work: most of the process's CPU (JIT and GC take the rest)
        assertTrue(carrierCpuMs >= 0.5 * processCpuMs, "carriers " + carrierCpuMs + " ms of " + processCpuMs + " ms");
    }
}
