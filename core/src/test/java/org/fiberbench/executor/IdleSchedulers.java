package org.fiberbench.executor;

/**
 * For tests in other packages: shuts down the custom schedulers that earlier tests in this JVM left
 * idle in the {@link SchedulerPool}. A test that counts the carriers alive in the JVM starts from
 * none, as a scenario's fork does, whatever ran before it.
 */
public final class IdleSchedulers {
    private IdleSchedulers() {
    }

    public static void shutDown() {
        SchedulerPool.clear();
    }
}
