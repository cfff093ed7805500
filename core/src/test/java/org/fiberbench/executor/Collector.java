package org.fiberbench.executor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Test completion: counts tasks down and keeps every error. */
final class Collector implements TaskExecutor.Completion {
    final CountDownLatch latch;
    final List<Throwable> errors = new CopyOnWriteArrayList<>();

    Collector(int tasks) {
        latch = new CountDownLatch(tasks);
    }

    @Override
    public void complete(long startNanos, long endNanos, Throwable error) {
        if (error != null) {
            errors.add(error);
        }
        latch.countDown();
    }

    void await() throws InterruptedException {
        if (!latch.await(60, TimeUnit.SECONDS)) {
            throw new AssertionError(latch.getCount() + " tasks never completed");
        }
    }
}
