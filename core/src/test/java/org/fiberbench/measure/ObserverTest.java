package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.executor.IdleSchedulers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ObserverTest {
    private static final ObserveOptions ALL_PINNING = new ObserveOptions(50, Duration.ZERO, null, null, false);

    @BeforeEach
    void noCarriersLeftByEarlierTests() {
        // other test classes in this JVM leave their schedulers idle in the pool (100 carriers, say):
        // the custom-carrier figures cover every fiberbench carrier alive, as in a fork, where only the scenario's are
        IdleSchedulers.shutDown();
    }

    @Test
    void pinningWorkloadIsDetectedWithItsStack() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "pin:ms=20", 10);
        Pinning pinning = o.stop(10).pinning();
        assertTrue(pinning.count() >= 10, pinning.toString());
        assertTrue(pinning.totalMs() >= 10 * 20 * 0.9, pinning.toString());
        List<String> stack = pinning.topStacks().get(0).stack();
        assertTrue(stack.stream().anyMatch(f -> f.contains("PinWorkload$Initializer.<clinit>")), stack.toString());
    }

    @Test
    void sleepingVirtualThreadsDoNotPin() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "sleep:ms=20", 10);
        Pinning pinning = o.stop(10).pinning();
        assertEquals(0L, pinning.count(), pinning.toString());
    }

    @Test
    void customCarriersReportBusyShare() throws Exception {
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.CUSTOM, Observer.Files.NONE);
        Batches.run("virtual:scheduler=fixed,carriers=2", "cpu:iterations=5000000", 40);
        CarrierFigures carriers = o.stop(40).carriers();
        assertNotNull(carriers);
        Map<String, Double> busy = carriers.busyPct();
        assertEquals(List.of("fiberbench-carrier-0", "fiberbench-carrier-1"), List.copyOf(busy.keySet()));
        assertTrue(busy.values().stream().allMatch(v -> v.doubleValue() > 5 && v.doubleValue() <= 100), busy.toString());
    }

    @Test
    void defaultSchedulerBeanIsSampledOnJdk24AndLater() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 24, "bean exists from JDK 24");
        Observer o = Observer.start(ALL_PINNING, Observer.Carriers.DEFAULT, Observer.Files.NONE);
        Batches.run("virtual", "sleep:ms=100", 50);
        Map<String, Number> scheduler = o.stop(50).carriers().scheduler();
        assertTrue(scheduler.get("parallelism_max").longValue() >= 1, scheduler.toString());
        assertTrue(scheduler.containsKey("mounted_max") && scheduler.containsKey("queued_max"), scheduler.toString());
    }

    @Test
    void carriersThatEndBetweenTwoSamplesStillCount() throws Exception {
        // one sample per 10 s: every batch makes and closes its two carriers long before the first tick
        Observer o = Observer.start(new ObserveOptions(10_000, Duration.ZERO, null, null, false), Observer.Carriers.CUSTOM,
                Observer.Files.NONE);
        for (int batch = 0; batch < 10; batch++) {
            Batches.run("virtual:scheduler=fixed,carriers=2", "cpu:iterations=5000000", 8);
        }
        Observed observed = o.stop(80);
        Map<String, Double> busy = observed.carriers().busyPct();
        assertEquals(List.of("fiberbench-carrier-0", "fiberbench-carrier-1"), List.copyOf(busy.keySet()));
        Resources.Summary summary = observed.resources().summary();
        double carrierCpuMs = busy.values().stream().mapToDouble(Double::doubleValue).sum() / 100 * summary.wallMs();
        long processCpuMs = summary.cpuUserMs() + summary.cpuSysMs();
        // the carriers did the work: most of the process's CPU (JIT and GC take the rest)
        assertTrue(carrierCpuMs >= 0.5 * processCpuMs, "carriers " + carrierCpuMs + " ms of " + processCpuMs + " ms");
    }
}
