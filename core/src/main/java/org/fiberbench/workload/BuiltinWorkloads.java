package org.fiberbench.workload;

import java.util.List;
import java.util.Set;

/** The workloads that need nothing outside the JVM: CPU, sleep, no-op, and the two self-checks. */
public final class BuiltinWorkloads implements WorkloadProvider {

    @Override
    public List<WorkloadKind> kinds() {
        return List.of(
                new WorkloadKind("cpu", Set.of("iterations"), "cpu:iterations=1000000",
                        "a Math.sqrt loop of N iterations (the scheduler experiment's CPU-heavy task)",
                        CpuWorkload::canonical, CpuWorkload::new),
                new WorkloadKind("sleep", Set.of("ms"), "sleep:ms=200",
                        "Thread.sleep(N ms): a blocking task that holds no CPU",
                        SleepWorkload::canonical, SleepWorkload::new),
                new WorkloadKind("noop", Set.of(), "noop",
                        "does nothing: measures the harness and executor overhead alone",
                        s -> "noop", s -> new NoopWorkload()),
                new WorkloadKind("fail", Set.of("every", "ms"), "fail:every=10",
                        "every Nth task throws (a harness self-check: errors must be counted); ms=N sleeps first",
                        FailWorkload::canonical, FailWorkload::new),
                new WorkloadKind("pin", Set.of("ms"), "pin:ms=10",
                        "sleeps N ms inside a class initializer: pins a virtual thread's carrier on every JDK (a pinning self-check)",
                        PinWorkload::canonical, PinWorkload::new));
    }
}
