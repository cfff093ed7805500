package org.fiberbench.executor;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.fiberbench.engine.Defaults;

/**
 * The parent's end of one worker JVM: its pipes, the tasks sent and not yet answered (in order),
 * and a reader thread that hands each answer to the executor currently owning the worker.
 *
 * <p>Thread-safety: {@link #send} may be called from any thread; the send lock keeps the in-flight
 * queue in the same order as the pipe and makes "dead" and "in flight" change together, so a task
 * is either refused at once or failed by {@link #readLoop} when the worker dies — never lost.
 */
final class WorkerProcess {
    /** What a worker JVM gets: small heap and the serial collector, so eight of them fit a laptop. */
    static final List<String> WORKER_JVM_ARGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:-UsePerfData");
    private static final long START_TIMEOUT_MS = 60_000;
    /** Manifest attribute of fiberbench's jar: the CLI subcommand that runs a worker. */
    static final String WORKER_COMMAND_ATTRIBUTE = "Fiberbench-Worker-Command";

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
    private final Map<String, Integer> workloadIds = new HashMap<>();
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
        List<String> cmd = command(System.getProperty("java.class.path"));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new WorkerProcess(p);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a worker JVM (" + cmd.get(0) + "): " + e.getMessage(), e);
        }
    }

    /**
     * The worker's command line: {@code java ... -jar fiberbench.jar worker} when this JVM runs
     * from fiberbench's jar (its manifest names the {@value #WORKER_COMMAND_ATTRIBUTE}), so a
     * worker is the same jar's {@code fiberbench worker}; else the worker's main class on the
     * same class path (tests, and fiberbench used as a library).
     */
    static List<String> command(String classPath) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Defaults.FORK_JVM_ARGS);
        cmd.addAll(WORKER_JVM_ARGS);
        String subcommand = workerCommand(classPath);
        if (subcommand != null) {
            cmd.addAll(List.of("-jar", classPath, subcommand));
        } else {
            cmd.addAll(List.of("-cp", classPath, ProcessWorkerMain.class.getName()));
        }
        return cmd;
    }

    /** The jar's worker subcommand when {@code classPath} is one jar that declares it, else null. */
    static String workerCommand(String classPath) {
        if (classPath == null || !classPath.endsWith(".jar") || classPath.contains(java.io.File.pathSeparator)) {
            return null;
        }
        try (JarFile jar = new JarFile(classPath)) {
            Manifest m = jar.getManifest();
            return m == null ? null : m.getMainAttributes().getValue(WORKER_COMMAND_ATTRIBUTE);
        } catch (IOException e) {
            return null;
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
        Owner o = owner;
        if (o != null) {
            o.died(this, lost, name + " (pid " + process.pid() + ") died"
                    + (reason != null ? " (" + reason + ")" : "") + ", exit status " + exitCode());
        }
    }

    private void answer(String line) {
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

    /** Closes stdin: the worker closes its workloads and exits. */
    void closeInput() {
        sendLock.lock();
        try {
            in.close();
        } catch (IOException e) {
            // already closed
        } finally {
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
