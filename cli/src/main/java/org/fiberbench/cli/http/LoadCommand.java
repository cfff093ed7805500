package org.fiberbench.cli.http;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.fiberbench.cli.GateFlags;
import org.fiberbench.engine.StopSignals;
import org.fiberbench.gate.Target;
import org.fiberbench.gate.Verdict;
import org.fiberbench.http.Buckets;
import org.fiberbench.http.HttpProbe;
import org.fiberbench.http.HttpSender;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadGenerator;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.http.StartAt;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fiberbench load URL (--users N | --rate R) --duration D}: the load generator against any HTTP server. */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Load an HTTP URL with N closed-loop users or an open-loop rate; write a run directory.",
            "Open model: latency counts from each request's intended start (uncorrected beside it)."})
public final class LoadCommand implements Callable<Integer> {

    @Parameters(paramLabel = "URL", description = "e.g. http://127.0.0.1:8080/thread/benchmark?ms=1000")
    String url;

    @Option(names = "--user", paramLabel = "U", description = "basic-auth user")
    String user;

    @Mixin
    PasswordFlags password = new PasswordFlags();

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Model model;

    static final class Model {
        @Option(names = "--users", paramLabel = "N", description = "closed model: N users, each request -> response -> next")
        Integer users;

        @Option(names = "--rate", paramLabel = "R", description = "open model: R requests per second on a fixed schedule")
        String rate;
    }

    @Option(names = "--duration", required = true, paramLabel = "D", description = "total time, warm-up included (e.g. 30s)")
    String duration;

    @Option(names = "--warmup", paramLabel = "W", description = "first part of --duration left out of the totals (default 0)")
    String warmup;

    @Option(names = "--ramp", paramLabel = "D", description = "closed model: start the users evenly over D (default 0)")
    String ramp = "0s";

    @Option(names = "--poisson", description = "open model: exponential inter-arrival times instead of uniform")
    boolean poisson;

    @Option(names = "--timeout", paramLabel = "T", description = "per-request timeout (default 10s)")
    String timeout = "10s";

    @Option(names = "--buckets", paramLabel = "B1,B2", description = "response-time bucket bounds (default ${DEFAULT-VALUE})")
    String buckets = "500ms,1500ms";

    @Option(names = "--expect", paramLabel = "TEXT", description = "a 2xx body without TEXT is a 'body' error")
    String expect;

    @Option(names = "--client", paramLabel = "KIND", description = "socket (default: keep-alive sockets, closed users multiplexed on selector threads) or jdk (java.net.http.HttpClient)")
    String client = LoadOptions.DEFAULT_CLIENT.id();

    @Option(names = "--start-at", paramLabel = "TIME", description = {"start the load at TIME (ISO-8601 instant, or HH:MM:SS"
            + " local time), at most 24 h ahead: generators on several machines start together and 'fiberbench merge'"
            + " adds their histograms (see docs/scale-out.md)"})
    String startAt;

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-load)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Mixin
    GateFlags gate = new GateFlags();

    @Option(names = "--engine", paramLabel = "E", description = {"builtin (default: fiberbench's generator) or jmeter"
            + " (Apache JMeter 5.6.3's engine, embedded in a fork or on --agents; see docs/scale-out.md)"})
    String engine = "builtin";

    @Option(names = "--agents", paramLabel = "HOST:PORT,...", description = "with --engine jmeter: JMeter agents"
            + " ('fiberbench agent' or jmeter-server 5.6.3), each running the whole load")
    String agents;

    @Option(names = "--keystore", paramLabel = "FILE", description = "with --agents: RMI over TLS with this keystore"
            + " (the agents' 'fiberbench agent --keystore' file)")
    Path keystore;

    @Override
    public Integer call() throws Exception {
        LoadOptions options = options();
        if (JMeterEngineRun.chosen(engine, agents, keystore)) {
            return new JMeterEngineRun(this, options).call();
        }
        java.time.Instant at = startAt == null ? null : StartAt.parse(startAt, java.time.Clock.systemDefaultZone());
        RunDirectory.checkOut(out, force); // before the probe reaches the server
        String workload = "http:url=" + url;
        gate.check(List.of(new Target("virtual", workload, options.load().canonical(),
                options.loop().open() ? Target.Shape.OPEN : Target.Shape.CLOSED, true)));
        HttpProbe.Outcome probe = HttpProbe.probe(options.target(), options.client());
        if (probe.unreachable()) {
            // the server is down or silent: the system under load failed, not the command line
            return fail(probe.problem() + " (nothing was measured)");
        }
        if (!probe.ok()) {
            throw new SpecException(probe.problem());
        }
        RunDirectory run = RunDirectory.create(out, force, "load", "adhoc", "load " + url + " " + options.load());
        String id = run.nextScenarioId("load " + options.load().kind());
        if (at != null) {
            // after the probe and the run directory, whose environment capture takes half a second
            run.put("start_at", at.toString());
            System.err.printf("fiberbench: waiting until %s to start%n", at);
            StartAt.await(at, () -> false);
        }
        LoadGenerator generator = LoadGenerator.create(options, run.scenarioFile(id, ".hlog"))
                .onInterval(iv -> System.err.println(secondLine(iv)));
        System.err.printf("fiberbench: loading %s with %s (%s client); results in %s%n", options.target().describe(),
                options.load(), options.client().id(), run.dir());
        return exit(measure(generator, outcome -> finish(run, id, workload, options, outcome)));
    }

    /**
     * Runs the load and hands its outcome to {@code finish} exactly once: at the end, or from Ctrl-C,
     * which stops sending, writes the finished intervals and keeps the JVM up until the writer is done.
     */
    private static LoadOutcome measure(LoadGenerator generator, Consumer<LoadOutcome> finish) throws Exception {
        AtomicBoolean claimed = new AtomicBoolean();
        CountDownLatch written = new CountDownLatch(1);
        Consumer<LoadOutcome> write = outcome -> {
            if (claimed.compareAndSet(false, true)) {
                try {
                    finish.accept(outcome);
                } finally {
                    written.countDown();
                }
            }
        };
        Thread hook = new Thread(() -> {
            generator.stop();
            if (!claimed.get()) {
                write.accept(generator.outcome());
            }
            awaitQuietly(written);
        }, "fiberbench-load-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        LoadOutcome outcome;
        try (StopSignals.Handle term = StopSignals.termAsInterrupt()) {
            outcome = generator.run();
        }
        write.accept(outcome);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived as the load ended: the hook is running and the results are written
        }
        return outcome;
    }

    /**
     * 1 when every request failed (nothing was measured) or an {@code errors<} threshold failed:
     * the load itself failed; else 3 when another threshold failed, else 0.
     */
    private int exit(LoadOutcome outcome) {
        if (!outcome.interrupted() && outcome.completed() == 0 && outcome.errors() > 0) {
            return fail("every request failed (" + outcome.errors() + " errors: " + outcome.errorsByClass()
                    + "); nothing was measured against " + url);
        }
        for (Verdict v : gate.verdicts()) {
            if (!v.pass() && v.threshold().metricName().equals("errors")) {
                return fail("requests failed beyond " + v.threshold().expr() + ": " + v.valueText() + " ("
                        + outcome.errors() + " errors: " + outcome.errorsByClass() + ")");
            }
        }
        return gate.exit(0);
    }

    /** One line on stderr; exit status 1. */
    private int fail(String message) {
        spec.commandLine().getErr().println("fiberbench: " + message);
        spec.commandLine().getErr().flush();
        return 1;
    }

    /** The progress line of one second, as wrk2 and k6 print theirs: requests, errors, the second's p99. */
    static String secondLine(LatencyReport.Interval iv) {
        long errors = iv.errors() == null ? 0 : iv.errors();
        String p99 = iv.p99Ns() == null ? "-" : String.format(java.util.Locale.ROOT, "%.1fms", iv.p99Ns() / 1e6);
        String phase = iv.warmup() ? "  (warm-up)" : Boolean.TRUE.equals(iv.drain()) ? "  (drain)" : "";
        return String.format(java.util.Locale.ROOT, "%5.0fs  requests %7d  errors %6d  p99 %9s%s", iv.tS(), iv.count() + errors,
                errors, p99, phase);
    }

    LoadOptions options() {
        HttpTarget target = HttpTarget.of(url, user, password.password(null), Numbers.parseDuration("--timeout", timeout), expect);
        return new LoadOptions(target, loadSpec(model, duration, warmup, ramp, poisson), HttpSender.Kind.of(client),
                Buckets.parse(buckets), LoadOptions.DEFAULT_MAX_IN_FLIGHT);
    }

    /**
     * The load the model flags describe, as a load spec: {@code --users N} a closed load whose {@code --ramp}
     * is its own {@code ramp=R}, {@code --rate R} an open load (which has no ramp: its schedule starts at once).
     */
    static LoadSpec loadSpec(Model model, String duration, String warmup, String ramp, boolean poisson) {
        String w = warmup == null ? "" : ",warmup=" + warmup;
        Duration r = Numbers.parseDuration("--ramp", ramp); // refuses a negative one itself
        if (model.users == null) {
            if (!r.isZero()) {
                throw new SpecException("--ramp " + ramp + " applies to the closed model; accepted: --users N --ramp D, "
                        + "or --rate R without --ramp");
            }
            return LoadSpec.parse("open:rate=" + model.rate + ",duration=" + duration + w + (poisson ? ",arrival=poisson" : ""));
        }
        Duration d = Numbers.parseDuration("--duration", duration);
        if (r.compareTo(d) >= 0) {
            throw new SpecException("--ramp " + ramp + " is not accepted; accepted: a duration >= 0 and shorter than --duration "
                    + duration);
        }
        return LoadSpec.parse("closed:users=" + model.users + ",duration=" + duration + w
                + (r.isZero() ? "" : ",ramp=" + Numbers.formatDuration(r)));
    }

    private static void awaitQuietly(CountDownLatch written) {
        try {
            written.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void finish(RunDirectory run, String id, String workload, LoadOptions o, LoadOutcome outcome) {
        try {
            ScenarioResult r = new ScenarioResult(id, "virtual", workload, o.load().canonical())
                    .config("runner", "load").config("client", o.client().id())
                    .config("timeout_s", o.target().timeout().toMillis() / 1000.0)
                    .config("ramp_s", o.ramp().toMillis() / 1000.0).config("buckets", o.buckets().toString());
            outcome.into(r, run);
            run.add(r);
            run.finish();
            System.out.print(summary(outcome, o));
            if (gate.active()) {
                System.out.println();
            }
            gate.judge(run, "load", System.out::print); // the verdicts join results.json before the report is made from it
            System.out.println("results: " + run.dir().resolve("results.json"));
            org.fiberbench.cli.AfterRun.writeReport(run);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static String summary(LoadOutcome o, LoadOptions opts) {
        Map<String, Object> m = o.metrics();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(java.util.Locale.ROOT, "%s%n  throughput %.1f req/s, %d ok in the measured window, %d errors %s%n",
                opts.load(), o.throughput(), o.completed(), o.errors(), o.errorsByClass().isEmpty() ? "" : o.errorsByClass()));
        // the percentiles and buckets also hold the answers to requests still in flight when the window closed
        sb.append("  latency of ").append(o.corrected().getTotalCount()).append(" responses ")
                .append(opts.loop().open() ? "(from intended start) " : "");
        for (String k : List.of("p50", "p90", "p99", "p99_9", "max")) {
            sb.append(k).append(' ').append(ms(m.get("latency_" + k + "_ns"))).append("  ");
        }
        sb.append(String.format("%n  buckets "));
        for (Map<String, Object> b : (List<Map<String, Object>>) o.section().get("buckets")) {
            sb.append(b.get("label")).append(": ").append(b.get("count")).append("  ");
        }
        return sb.append(String.format("%n")).toString();
    }

    private static String ms(Object ns) {
        return ns == null ? "-" : String.format(java.util.Locale.ROOT, "%.1fms", ((Number) ns).doubleValue() / 1e6);
    }
}
