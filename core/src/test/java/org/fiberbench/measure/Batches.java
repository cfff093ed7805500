package org.fiberbench.measure;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;

/** Runs one real batch in this JVM, for tests that observe it. */
final class Batches {
    private Batches() {
    }

    static void run(String executor, String workload, int tasks) throws Exception {
        CountDownLatch done = new CountDownLatch(tasks);
        AtomicReference<Throwable> error = new AtomicReference<>();
        try (Workload w = WorkloadSpec.parse(workload).create(); TaskExecutor ex = ExecutorSpec.parse(executor).create()) {
            w.setUp();
            for (int i = 0; i < tasks; i++) {
                ex.submit(w, i, (s, e, err) -> {
                    if (err != null) {
                        error.compareAndSet(null, err);
                    }
                    done.countDown();
                });
            }
            if (!done.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("batch did not finish in 30 s");
            }
        }
        if (error.get() != null) {
            throw new AssertionError("a task failed", error.get());
        }
    }
}
