package org.fiberbench.executor;

import org.fiberbench.workload.WorkloadSpec;

/** A parent JVM for the test that kills it: prints its workers' PIDs, then waits to be killed. */
public final class ProcessPoolChild {
    public static void main(String[] args) throws Exception {
        ProcessTaskExecutor ex = (ProcessTaskExecutor) ExecutorSpec.parse("process:workers=2").create();
        Collector c = new Collector(2);
        var w = WorkloadSpec.parse("noop").create();
        ex.submit(w, 0, c);
        ex.submit(w, 1, c);
        c.await();
        System.out.println("PIDS " + ex.workerPids().get(0) + " " + ex.workerPids().get(1));
        System.out.flush();
        Thread.sleep(60_000);
    }
}
