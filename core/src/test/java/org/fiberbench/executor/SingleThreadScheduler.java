package org.fiberbench.executor;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A user scheduler class as a user would write one: an Executor with an (int carriers) constructor. */
public class SingleThreadScheduler implements Executor, AutoCloseable {
    private final ExecutorService pool;

    public SingleThreadScheduler(int carriers) {
        pool = Executors.newFixedThreadPool(carriers, r -> {
            Thread t = new Thread(r, "user-scheduler-carrier");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void execute(Runnable command) {
        pool.execute(command);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
