package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.Test;

class BatchCompletionTest {

    @Test
    void aBatchIsTimedWholeSoItsTasksReadNoClock() {
        // the executor skips both System.nanoTime() calls of a task whose completion says no
        assertFalse(new BatchCompletion(1).timed());
    }

    @Test
    void aBatchCountsEveryTaskAndFailsOnAnyError() throws Exception {
        Workload oddFails = new Workload() {
            @Override
            public String spec() {
                return "odd-fails";
            }

            @Override
            public void run(long seq) {
                if (seq % 2 == 1) {
                    throw new IllegalStateException("task " + seq);
                }
            }
        };
        BatchCompletion done = new BatchCompletion(10);
        BatchBenchmark.run(ExecutorSpec.parse("virtual"), oddFails, 0, done, TimeUnit.SECONDS.toNanos(30));
        assertEquals(10, done.completed());
        IllegalStateException e = assertThrows(IllegalStateException.class, done::check);
        assertTrue(e.getMessage().startsWith("5 of 10 tasks failed"), e.getMessage());
    }
}
