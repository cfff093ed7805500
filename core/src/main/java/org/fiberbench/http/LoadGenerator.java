package org.fiberbench.http;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.fiberbench.load.ClosedLoad;
import org.fiberbench.load.OpenLoad;
import org.fiberbench.measure.LatencyReport;

/**
 * The HTTP load generator. Closed model: N users, each request → response → next, as connections
 * multiplexed on selector threads ({@link MultiplexedUsers}; the JDK client: a thread per user). Open model: requests start on a fixed schedule (uniform or Poisson), each on its own
 * virtual thread, and latency counts from the intended start, so a stalled server shows its real
 * latency; the uncorrected time from the actual send is kept beside it. One interval thread cuts
 * the recording every second. {@link #stop} ends the load early; finished intervals are kept.
 */
public final class LoadGenerator {
    /** Up to this many closed users run on platform threads (see {@link #userThread}). */
    static final int PLATFORM_USERS_MAX = 256;
    private final LoadOptions options;
    private final HttpSender sender;
    private final LoadRecorder recorder;
    private final AtomicInteger active = new AtomicInteger();
    private final long start;
    private final long warmupEnd;
    private final long end;
    private volatile boolean stopped;
    private volatile Consumer<LatencyReport.Interval> onInterval = i -> { };

    private LoadGenerator(LoadOptions options, HttpSender sender, LoadRecorder recorder) {
        this.options = options;
        this.sender = sender;
        this.recorder = recorder;
        this.start = recorder.startNanos();
        this.warmupEnd = start + options.loop().warmup().toNanos();
        this.end = start + options.loop().duration().toNanos();
    }

    /** Prepares a run that starts when {@link #run} is called; {@code hlog} may be null. */
    public static LoadGenerator create(LoadOptions options, Path hlog) throws IOException {
        HttpSender sender = HttpSender.create(options.client(), options.target());
        return new LoadGenerator(options, sender, new LoadRecorder(System.nanoTime(), hlog));
    }

    /** Runs the load to its end (or {@link #stop}), waits for in-flight requests, returns the outcome. */
    public LoadOutcome run() throws InterruptedException {
        Thread cutter = Thread.ofPlatform().name("fiberbench-load-intervals").start(this::cutIntervals);
        try {
            if (options.load() instanceof ClosedLoad) {
                closed();
            } else {
                open();
            }
            drain();
        } finally {
            stopped = true;
            cutter.join();
            sender.close();
            recorder.close();
        }
        return outcome();
    }

    /**
     * Tells {@code listener} of each interval as it is cut, on the interval thread (the command's
     * per-second progress line); call before {@link #run}. It must return quickly: it delays the next cut.
     */
    public LoadGenerator onInterval(Consumer<LatencyReport.Interval> listener) {
        this.onInterval = listener;
        return this;
    }

    /** Ends the load now (Ctrl-C): no new requests; finished intervals stay in {@link #outcome()}. */
    public void stop() {
        stopped = true;
    }

    /** What has finished so far; callable from any thread while the load runs. */
    public LoadOutcome outcome() {
        return new LoadOutcome(options, recorder.snapshot(), stopped && System.nanoTime() < end);
    }

    private void closed() throws InterruptedException {
        int users = options.loop().users();
        long rampNanos = options.ramp().toNanos();
        long[] startAts = new long[users];
        for (int i = 0; i < users; i++) {
            startAts[i] = start + (users == 1 ? 0 : rampNanos * i / users);
        }
        List<Thread> threads = options.client() == HttpSender.Kind.SOCKET ? multiplexed(startAts) : blocking(startAts);
        for (Thread t : threads) {
            t.join();
        }
    }

    /** JDK client: a thread per user, each blocking in {@link HttpSender#send}. */
    private List<Thread> blocking(long[] startAts) {
        List<Thread> threads = new ArrayList<>(startAts.length);
        for (int i = 0; i < startAts.length; i++) {
            long startAt = startAts[i];
            threads.add(userThread(startAts.length).name("fiberbench-user-" + i).start(() -> user(startAt)));
        }
        return threads;
    }

    /**
     * Socket client: the users dealt round-robin to {@link #loops} platform threads, each serving its
     * share of connections from one selector (wrk's design), so no thread parks or wakes per request.
     */
    private List<Thread> multiplexed(long[] startAts) {
        int loops = Math.min(startAts.length, loops());
        byte[] request = SocketHttpSender.requestBytes(options.target());
        long drainUntil = end + options.target().timeout().toNanos() + 1_000_000_000L;
        List<Thread> threads = new ArrayList<>(loops);
        for (int l = 0; l < loops; l++) {
            long[] mine = new long[(startAts.length - l + loops - 1) / loops];
            for (int i = 0; i < mine.length; i++) {
                mine[i] = startAts[l + i * loops];
            }
            MultiplexedUsers m = new MultiplexedUsers(options.target(), request, mine, 1, new Recording(recorder.lane()));
            threads.add(Thread.ofPlatform().daemon().name("fiberbench-users-" + l).start(() -> {
                try {
                    m.run(end, drainUntil, () -> stopped);
                } catch (IOException e) {
                    recorder.error("io");
                }
            }));
        }
        return threads;
    }

    /**
     * Selector threads of the closed model: {@code -Dfiberbench.load.loops=N}, else one per CPU (wrk's {@code -t}
     * on the same box; one per two CPUs left a core to the server but reached only 0.76–0.93× wrk's rate).
     */
    static int loops() {
        String forced = System.getProperty("fiberbench.load.loops", "");
        return forced.isEmpty() ? Runtime.getRuntime().availableProcessors() : Math.max(1, Integer.parseInt(forced));
    }

    /** The multiplexed users' outcomes into the recorder: in the closed model latency counts from the send. */
    private final class Recording implements MultiplexedUsers.Outcomes {
        private final LoadRecorder.Lane lane;

        Recording(LoadRecorder.Lane lane) {
            this.lane = lane;
        }

        @Override
        public void response(int user, long seq, long sentAt, long doneAt, int status, String body) {
            Response r = HttpSender.check(options.target(), status, body);
            if (r.ok()) {
                lane.success(doneAt - sentAt);
            } else {
                recorder.error(r.error());
            }
        }

        @Override
        public void error(String errorClass) {
            recorder.error(errorClass);
        }

        @Override
        public void sent() {
            recorder.sent();
        }

        @Override
        public void active(int delta) {
            active.addAndGet(delta);
        }
    }

    /**
     * Few users block on platform threads: a blocking read there is one syscall, where a virtual
     * thread also parks, re-arms the poller and is handed back by it, which costs the shared CPU
     * a generator must leave to the server. Many users need virtual threads.
     */
    static Thread.Builder userThread(int users) {
        String forced = System.getProperty("fiberbench.load.threads", "");
        boolean platform = forced.isEmpty() ? users <= PLATFORM_USERS_MAX : forced.equals("platform");
        return platform ? Thread.ofPlatform().daemon() : Thread.ofVirtual();
    }

    private void user(long startAt) {
        sleepUntil(startAt);
        active.incrementAndGet();
        try {
            while (!stopped && System.nanoTime() < end) {
                long t0 = System.nanoTime();
                one(t0);
            }
        } finally {
            active.decrementAndGet();
        }
    }

    private void open() {
        OpenLoad load = (OpenLoad) options.load();
        double rate = load.rate();
        boolean poisson = load.poisson();
        double next = start;
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (!stopped) {
            long intended = (long) next;
            if (intended >= end) {
                return;
            }
            sleepUntil(intended);
            if (active.get() >= options.maxInFlight()) {
                recorder.error("in_flight_limit");
            } else {
                active.incrementAndGet();
                Thread.ofVirtual().start(() -> {
                    try {
                        one(intended);
                    } finally {
                        active.decrementAndGet();
                    }
                });
            }
            next += poisson ? -Math.log(1 - random.nextDouble()) * 1e9 / rate : 1e9 / rate;
        }
    }

    /** Sends one request whose intended start was {@code intended}, and records it. */
    private void one(long intended) {
        long sentAt = System.nanoTime();
        recorder.sent();
        Response r;
        try {
            r = sender.send();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r = Response.failed("io", "interrupted");
        }
        long done = System.nanoTime();
        if (r.ok()) {
            recorder.success(done - intended, done - sentAt);
        } else {
            recorder.error(r.error());
        }
    }

    /** In-flight requests after the end get the request timeout (plus a margin) to finish. */
    private void drain() {
        long deadline = System.nanoTime() + options.target().timeout().toNanos() + 1_000_000_000L;
        while (active.get() > 0 && System.nanoTime() < deadline && !stopped) {
            LockSupport.parkNanos(10_000_000);
        }
    }

    /** Cuts an interval every second; the last window interval ends exactly at the end; drain intervals follow. */
    private void cutIntervals() {
        recorder.cutEverySecond(start, end, warmupEnd, options.loop().warmup().isZero(), active::get,
                interval -> onInterval.accept(interval), () -> stopped);
    }

    private void sleepUntil(long deadline) {
        for (long left; (left = deadline - System.nanoTime()) > 0 && !stopped; ) {
            LockSupport.parkNanos(Math.min(left, 100_000_000));
        }
    }
}
