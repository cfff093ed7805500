package org.fiberbench.executor;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import org.fiberbench.workload.Workload;

/**
 * The parent's end of one worker JVM: its pipes, the tasks sent and not yet answered (in order),
 * and a reader thread that hands each answer to the executor currently owning the worker.
 *
 * <p>Thread-safety: {@link #send} may be called from any thread; the send lock keeps the in-flight
 * queue in the same order as the pipe and makes "dead" and "in flight" change together, so a task
 * is either refused at once or failed by {@link #readLoop} when the worker dies — never lost.
 */
final class WorkerProcess {
    private static final long START_TIMEOUT_MS = 60_000;

    /** Called on the reader thread. */
    interface Owner {
        void finished(WorkerProcess w, ProcessTask t, long busyNanos, Throwable error);

        void died(WorkerProcess w, List<ProcessTask> inFlight, String reason);
    }

    private final Process process;
    private final Writer in;
    private final BufferedReader out;
    private final ReentrantLock sendLock = new ReentrantLock();
    private final ConcurrentLinkedQueue<ProcessTask> inFlight = new ConcurrentLinkedQueue<>();
    /** Control lines sent and not yet answered, in order. */
    private final ConcurrentLinkedQueue<CompletableFuture<String>> controls = new ConcurrentLinkedQueue<>();
    private final Map<String, Integer> workloadIds = new HashMap<>();
    /** The workloads sent to this worker, one per spec; written under the send lock, read once it is dead. */
    private final List<Workload> registered = new ArrayList<>();
    private long nextId;
    private boolean dead;
    private volatile Owner owner;
    private volatile String name = "worker";
    private volatile long reportedPid = -1;

    private WorkerProcess(Process process) {
        this.process = process;
        this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Starts a worker JVM; {@link #awaitReady} then waits for its hello. */
    static WorkerProcess start() {
        List<String> cmd = WorkerCommandLine.of(System.getProperty("java.class.path"));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new WorkerProcess(p);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a worker JVM (" + cmd.get(0) + "): " + e.getMessage(), e);
        }
    }

    /** Reads the hello line, then starts the reader thread. */
    void awaitReady() {
        String hello = readHello();
        if (hello == null || hello.charAt(0) != WorkerProtocol.HELLO) {
            process.destroyForcibly();
            throw new IllegalStateException("worker JVM (pid " + process.pid() + ") did not start: "
                    + (hello == null ? "no hello within " + START_TIMEOUT_MS + " ms, exit " + exitCode() : hello));
        }
        reportedPid = Long.parseLong(hello.substring(2).trim());
        Thread reader = new Thread(this::readLoop, "fiberbench-worker-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    private String readHello() {
        // readLine has no timeout: a watchdog kills a worker that never answers, which ends the read
        Thread timer = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(START_TIMEOUT_MS);
                process.destroyForcibly();
            } catch (InterruptedException e) {
                // ready in time
            }
        });
        try {
            return out.readLine();
        } catch (IOException e) {
            return null;
        } finally {
            timer.interrupt();
        }
    }

    void assign(Owner newOwner, String workerName) {
        this.owner = newOwner;
        this.name = workerName;
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    /** The PID the worker itself reported: proof the task ran in another process. */
    long reportedPid() {
        return reportedPid;
    }

    boolean isAlive() {
        sendLock.lock();
        try {
            return !dead && process.isAlive();
        } finally {
            sendLock.unlock();
        }
    }

    boolean isIdle() {
        return inFlight.isEmpty();
    }

    /** Writes the task (and its workload, the first time) to the worker; false if the worker is dead. */
    boolean send(ProcessTask t) {
        sendLock.lock();
        try {
            if (dead) {
                return false;
            }
            String spec = t.workload().spec();
            Integer wid = workloadIds.get(spec);
            boolean register = wid == null;
            if (register) {
                wid = workloadIds.size();
                workloadIds.put(spec, wid);
                registered.add(t.workload());
            }
            long id = nextId++;
            t.dispatched(id, System.nanoTime());
            // in flight before the first write: if a write fails, readLoop fails the task
            inFlight.add(t);
            if (register) {
                in.write(WorkerProtocol.WORKLOAD + " " + wid + " " + WorkerProtocol.oneLine(spec) + "\n");
            }
            in.write(WorkerProtocol.TASK + " " + id + " " + wid + " " + t.seq() + "\n");
            in.flush();
            return true;
        } catch (IOException e) {
            // the pipe broke: the worker is dying; readLoop fails what was in flight, this task included
            return true;
        } finally {
            sendLock.unlock();
        }
    }

    private void readLoop() {
        String reason = null;
        try {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (!line.isEmpty()) {
                    answer(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            reason = "lost its pipe: " + e;
        }
        List<ProcessTask> lost = new ArrayList<>();
        sendLock.lock();
        try {
            dead = true;
            for (ProcessTask t = inFlight.poll(); t != null; t = inFlight.poll()) {
                lost.add(t);
            }
        } finally {
            sendLock.unlock();
        }
        controls.forEach(c -> c.complete("error: the worker died"));
        removeLeftovers();
        Owner o = owner;
        if (o != null) {
            o.died(this, lost, name + " (pid " + process.pid() + ") died"
                    + (reason != null ? " (" + reason + ")" : "") + ", exit status " + exitCode());
        }
    }

    /**
     * A worker that exits closes its workloads itself; one that was killed cannot: the parent
     * removes what it left (the file workload's directory), whatever the way it ended.
     */
    private void removeLeftovers() {
        List<Workload> sent;
        sendLock.lock();
        try {
            sent = List.copyOf(registered);
        } finally {
            sendLock.unlock();
        }
        try {
            process.waitFor(1, TimeUnit.SECONDS); // its own clean-up, if it got the chance, comes first
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Workload w : sent) {
            try {
                w.removeLeftoversOf(process.pid());
            } catch (Exception e) {
                // best effort: a directory that cannot be removed is not a task's failure
            }
        }
    }

    private void answer(String line) {
        if (line.charAt(0) == WorkerProtocol.ACK) {
            CompletableFuture<String> c = controls.poll();
            if (c != null) {
                c.complete(line.length() > 2 ? line.substring(2) : "");
            }
            return;
        }
        String[] p = line.split(" ", 4);
        ProcessTask t = inFlight.poll();
        if (t == null || t.id() != Long.parseLong(p[1])) {
            throw new IllegalStateException("protocol error: answer '" + line + "' does not match task " + t);
        }
        long busy = Long.parseLong(p[2]);
        Throwable error = line.charAt(0) == WorkerProtocol.ERROR
                ? new RemoteTaskException(p.length > 3 ? p[3] : "", name, reportedPid) : null;
        owner.finished(this, t, busy, error);
    }

    private String exitCode() {
        try {
            // the process may still be exiting when its stdout closes
            return process.waitFor(1, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "unknown (still running)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /**
     * Sends a control line (a {@code P} line) and waits for the worker's answer, behind any task
     * already sent: {@code ok ...}, or why not (also when the worker is dead or too slow).
     */
    String control(String line, long timeoutMs) {
        CompletableFuture<String> answer = new CompletableFuture<>();
        sendLock.lock();
        try {
            if (dead) {
                return "error: " + name + " (pid " + process.pid() + ") is dead";
            }
            controls.add(answer);
            in.write(line + "\n");
            in.flush();
        } catch (IOException e) {
            return "error: " + e.getMessage();
        } finally {
            sendLock.unlock();
        }
        try {
            return answer.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "error: interrupted";
        } catch (ExecutionException | TimeoutException e) {
            return "error: no answer from " + name + " (pid " + process.pid() + ") in " + timeoutMs + " ms";
        }
    }

    /** Asks the worker to quit now: it drops its queued tasks, closes its workloads and exits. */
    void quit() {
        sendLock.lock();
        try {
            in.write(WorkerProtocol.QUIT + "\n");
            in.flush();
        } catch (IOException e) {
            // the worker is gone or its stdin already closed
        } finally {
            try {
                in.close();
            } catch (IOException e) {
                // already closed
            }
            sendLock.unlock();
        }
    }

    Process process() {
        return process;
    }

    /** Kills the worker now; its reader then fails whatever was in flight. */
    void kill() {
        process.destroyForcibly();
    }
}
