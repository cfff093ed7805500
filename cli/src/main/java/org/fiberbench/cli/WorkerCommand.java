package org.fiberbench.cli;

import java.util.concurrent.Callable;
import org.fiberbench.executor.ProcessWorkerMain;
import picocli.CommandLine.Command;

/**
 * {@code fiberbench worker}: one process-pool worker JVM, started by a fork for {@code
 * process:workers=N} from the same jar. It speaks the line protocol on stdin/stdout and exits when
 * stdin closes; not for people, except to debug the protocol by hand.
 */
@Command(name = "worker", hidden = true,
        description = "Internal: a process-pool worker; reads tasks on stdin, answers on stdout, exits at end of input.")
final class WorkerCommand implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        return ProcessWorkerMain.serve();
    }
}
