package org.fiberbench.server;

import java.util.concurrent.Executor;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.workload.Workload;

/**
 * Tomcat's connector executor backed by a fiberbench {@link TaskExecutor}, so the server runs its
 * requests exactly as the executor spec says (custom schedulers included) and the per-worker
 * balance is counted by the executor's own {@code WorkerStats}.
 */
final class ExecutorAdapter implements Executor {
    private final TaskExecutor tasks;
    private static final TaskExecutor.Completion IGNORE = (start, end, error) -> { };

    ExecutorAdapter(TaskExecutor tasks) {
        this.tasks = tasks;
    }

    @Override
    public void execute(Runnable command) {
        tasks.submit(new RunnableWorkload(command), 0, IGNORE);
    }

    TaskExecutor tasks() {
        return tasks;
    }

    /** One Tomcat socket-processing task, seen by the executor as a workload task. */
    private record RunnableWorkload(Runnable command) implements Workload {
        @Override
        public String spec() {
            return "tomcat-request";
        }

        @Override
        public void run(long seq) {
            command.run();
        }
    }
}
