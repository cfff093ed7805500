package org.fiberbench.executor;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.fiberbench.workload.WorkloadWarnings;

/**
 * The main class of a process-pool worker JVM (see {@link WorkerProtocol}). A reader thread drains
 * stdin into memory at once, so the parent never blocks on a full pipe however many tasks static
 * dispatch deals up front; the main thread runs the tasks one by one and times each itself. The
 * worker exits when its stdin closes, which also happens when the parent dies in any way.
 */
public final class ProcessWorkerMain {
    private static final String END = "";

    private final OutputStream out;
    private final Map<Integer, Workload> workloads = new HashMap<>();
    private final Map<Integer, String> setUpErrors = new HashMap<>();
    private final WorkerProfiler profiler = new WorkerProfiler();

    private ProcessWorkerMain(OutputStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        System.exit(serve());
    }

    /**
     * Serves the parent on stdin/stdout until stdin closes, then closes the workloads; returns the
     * exit status (0). The CLI's {@code fiberbench worker} command calls this.
     */
    public static int serve() throws IOException, InterruptedException {
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 12);
        // a workload that prints must not corrupt the protocol: System.out goes to stderr
        System.setOut(System.err);
        BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readStdin(inbox), "fiberbench-worker-stdin");
        reader.setDaemon(true);
        reader.start();
        ProcessWorkerMain worker = new ProcessWorkerMain(protocol);
        worker.send(WorkerProtocol.HELLO + " " + ProcessHandle.current().pid());
        try {
            worker.loop(inbox);
        } finally {
            worker.closeWorkloads();
        }
        return 0;
    }

    private static void readStdin(BlockingQueue<String> inbox) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals(String.valueOf(WorkerProtocol.QUIT))) {
                    inbox.clear(); // the parent is stopping: nobody waits for these any more
                    break;
                }
                if (!line.isEmpty()) {
                    inbox.add(line);
                }
            }
        } catch (IOException e) {
            // the parent is gone: same as end of input
        }
        inbox.add(END);
    }

    private void loop(BlockingQueue<String> inbox) throws InterruptedException, IOException {
        for (String line = inbox.take(); !line.equals(END); line = inbox.take()) {
            if (line.charAt(0) == WorkerProtocol.WORKLOAD) {
                register(line);
            } else if (line.charAt(0) == WorkerProtocol.TASK) {
                String[] p = line.split(" ", 4);
                runTask(Long.parseLong(p[1]), Integer.parseInt(p[2]), Long.parseLong(p[3]));
            } else if (line.charAt(0) == WorkerProtocol.PROFILE) {
                String[] p = line.split("\t");
                send(WorkerProtocol.ACK + " " + WorkerProtocol.oneLine(
                        profiler.handle(java.util.Arrays.copyOfRange(p, 1, p.length))));
            }
        }
    }

    private void register(String line) {
        int sp = line.indexOf(' ', 2);
        int wid = Integer.parseInt(line.substring(2, sp));
        try {
            Workload w = WorkloadSpec.parse(line.substring(sp + 1)).create();
            w.setUp();
            workloads.put(wid, w);
        } catch (Exception | LinkageError e) {
            // every task of this workload then fails with the reason, so the scenario reports it
            setUpErrors.put(wid, "workload set-up failed in the worker: " + e);
        }
    }

    private void runTask(long id, int wid, long seq) throws IOException {
        Workload w = workloads.get(wid);
        if (w == null) {
            send(WorkerProtocol.ERROR + " " + id + " 0 "
                    + WorkerProtocol.oneLine(setUpErrors.getOrDefault(wid, "unknown workload " + wid)));
            return;
        }
        long start = System.nanoTime();
        Throwable error = null;
        try {
            w.run(seq);
        } catch (Throwable t) {
            error = t;
        }
        long busy = System.nanoTime() - start;
        send(error == null ? WorkerProtocol.RESULT + " " + id + " " + busy
                : WorkerProtocol.ERROR + " " + id + " " + busy + " " + WorkerProtocol.oneLine(error.toString()));
    }

    private void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void closeWorkloads() {
        for (Workload w : workloads.values()) {
            try {
                WorkloadWarnings.close(w); // warnings to stderr: the fork's log
            } catch (Exception e) {
                System.err.println("fiberbench worker: closing " + w.spec() + " failed: " + e);
            }
        }
    }
}
