package org.fiberbench.server;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.workload.Workload;

/**
 * The requests handed to the executor. Tomcat parses, authenticates and validates a request on its
 * own virtual threads, then the request waits here, asynchronously, for the executor: at most
 * {@code maxQueue} of them (one more is answered 503 at once), each cancelled instead of run when its
 * client has closed the connection meanwhile, all answered 503 when the server stops.
 *
 * <p>Tomcat does not watch the connection of an asynchronous request, so a client that leaves goes
 * unnoticed (no AsyncListener event). A request in non-blocking read mode, though, makes
 * {@code ServletInputStream.available()} try a read on the socket: a GET has no body, so anything
 * there, end of stream included, means the client has closed (or pipelined another request, which
 * load tools do not do). {@link Job#clientLeft} asks that before the work starts and between slices of
 * a long sleep. Thread-safe: one compare-and-set decides who answers a request.
 */
final class RequestQueue {
    private final TaskExecutor tasks;
    private final int maxQueue;
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger running = new AtomicInteger();
    private final LongAdder served = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder cancelled = new LongAdder();
    private final LongAdder stopped = new LongAdder();
    private final Set<Job> pending = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** What one request does on the executor; {@link Reply#CLIENT_LEFT} when it noticed its client has gone. */
    @FunctionalInterface
    interface Work {
        Reply run(Job job) throws InterruptedException;
    }

    RequestQueue(TaskExecutor tasks, int maxQueue) {
        this.tasks = tasks;
        this.maxQueue = maxQueue;
    }

    TaskExecutor tasks() {
        return tasks;
    }

    /** Puts the request (already in async mode) in line for the executor, or answers it 503 at once. */
    void offer(AsyncContext async, ServletInputStream in, Work work, IntConsumer answered) {
        Job job = new Job(async, in, work, answered);
        in.setReadListener(job);
        async.addListener(job);
        if (closed) {
            job.answer(Reply.STOPPING);
            return;
        }
        if (queued.incrementAndGet() > maxQueue) {
            queued.decrementAndGet();
            rejected.increment();
            job.answer(Reply.queueFull(maxQueue));
            return;
        }
        job.state.set(Job.QUEUED);
        pending.add(job);
        try {
            tasks.submit(job, 0, (start, end, error) -> { });
        } catch (RuntimeException e) { // an executor already closing
            job.stop();
        }
    }

    private void run(Job job) {
        if (!job.start()) {
            return; // answered already: the server is stopping
        }
        running.incrementAndGet();
        try {
            if (closed) {
                job.stop();
                return;
            }
            Reply r;
            if (job.clientLeft()) {
                r = Reply.CLIENT_LEFT;
            } else {
                r = job.work.run(job);
                served.increment();
            }
            if (r == Reply.CLIENT_LEFT) {
                cancelled.increment();
            }
            job.answer(r);
        } catch (InterruptedException e) {
            job.stop();
        } catch (RuntimeException e) {
            served.increment();
            job.answer(new Reply(500, "500 internal error: " + e));
        } finally {
            running.decrementAndGet();
            pending.remove(job);
            Thread.interrupted(); // a pooled worker's interrupt was meant for this request only
        }
    }

    /** From now on no request runs: those waiting are answered 503, and so is any request offered later. */
    void close() {
        closed = true;
        pending.forEach(Job::stopIfQueued);
    }

    /** Interrupts the requests still running (sleeps end at once and answer 503). */
    void interruptRunning() {
        pending.forEach(Job::interrupt);
    }

    /** Requests admitted and not yet answered. */
    int active() {
        return pending.size();
    }

    int queued() {
        return queued.get();
    }

    Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("max_queue", maxQueue);
        m.put("queued", queued.get());
        m.put("running", running.get());
        m.put("served", served.sum());
        m.put("rejected_queue_full", rejected.sum());
        m.put("cancelled_client_left", cancelled.sum());
        m.put("answered_503_stopping", stopped.sum());
        return m;
    }

    /** One admitted request: its state, its connection, and who answers it (the first to claim it). */
    final class Job implements Workload, ReadListener, AsyncListener {
        private static final int NEW = 0;
        private static final int QUEUED = 1;
        private static final int RUNNING = 2;
        private static final int DONE = 3;
        private final AtomicInteger state = new AtomicInteger(NEW);
        private final AsyncContext async;
        private final ServletInputStream in;
        private final Work work;
        private final IntConsumer answered;
        private volatile Thread runner;
        private volatile boolean readFailed;

        private Job(AsyncContext async, ServletInputStream in, Work work, IntConsumer answered) {
            this.async = async;
            this.in = in;
            this.work = work;
            this.answered = answered;
        }

        private boolean start() {
            if (!state.compareAndSet(QUEUED, RUNNING)) {
                return false;
            }
            queued.decrementAndGet();
            runner = Thread.currentThread();
            return true;
        }

        /** True when the client has closed its connection (see the class comment for how this is known). */
        boolean clientLeft() {
            if (readFailed) {
                return true;
            }
            try {
                return in.available() > 0;
            } catch (IOException | RuntimeException e) {
                return true;
            }
        }

        private void stopIfQueued() {
            if (state.get() == QUEUED) {
                stop();
            }
        }

        private void stop() {
            if (answer(Reply.STOPPING)) {
                stopped.increment();
            }
        }

        private void interrupt() {
            Thread t = runner;
            if (t != null && state.get() == RUNNING) {
                t.interrupt();
            }
        }

        /** Writes {@code r} and completes the request, unless someone answered it first; true when this call did. */
        private boolean answer(Reply r) {
            int s;
            do {
                s = state.get();
                if (s == DONE) {
                    return false;
                }
            } while (!state.compareAndSet(s, DONE));
            if (s == QUEUED) {
                queued.decrementAndGet();
                pending.remove(this);
            }
            runner = null;
            try {
                HttpServletResponse resp = (HttpServletResponse) async.getResponse();
                r.write(resp);
                // sent from this thread, so the answer is out even when Tomcat stops right after
                resp.flushBuffer();
            } catch (IOException | RuntimeException e) {
                // the client has gone: nothing to tell it
            } finally {
                answered.accept(r.status());
                try {
                    async.complete();
                } catch (RuntimeException e) {
                    // Tomcat completed it already (its own shutdown)
                }
            }
            return true;
        }

        @Override
        public String spec() {
            return "http-request";
        }

        @Override
        public void run(long seq) {
            RequestQueue.this.run(this);
        }

        @Override
        public void onDataAvailable() {
            // a GET has no body: bytes here belong to a pipelined request, read when this one is answered
        }

        @Override
        public void onAllDataRead() {
            // nothing to read for a GET
        }

        @Override
        public void onError(Throwable t) {
            readFailed = true;
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            stop(); // only when Tomcat itself stops: the requests carry no timeout of their own
        }

        @Override
        public void onError(AsyncEvent event) {
            readFailed = true;
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }
    }
}
