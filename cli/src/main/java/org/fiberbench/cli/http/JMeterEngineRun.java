package org.fiberbench.cli.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.fiberbench.gate.Target;
import org.fiberbench.http.HttpProbe;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.jmeter.AgentAddress;
import org.fiberbench.jmeter.JMeterLoad;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;

/**
 * {@code load --engine jmeter [--agents ...]}: the same load on JMeter's engine, written to the same
 * run directory, results.json keys, table and report as fiberbench's own generator, labelled as
 * service time, with a line per agent. A lost agent is one line on stderr and exit status 1.
 */
final class JMeterEngineRun {
    /** What the scenario's executor says: the requests ran on JMeter's threads, not on an executor of fiberbench's. */
    static final String ENGINE = "jmeter";
    private final LoadCommand c;
    private final LoadOptions options;
    private final List<AgentAddress> agents;

    JMeterEngineRun(LoadCommand command, LoadOptions options) {
        this.c = command;
        this.options = options;
        this.agents = command.agents == null ? List.of() : AgentAddress.parseList(command.agents);
        if (command.startAt != null) {
            throw new SpecException("--start-at does not apply to --engine jmeter; accepted: --agents HOST:PORT,... to"
                    + " start several machines together");
        }
        if (!command.client.equals(LoadOptions.DEFAULT_CLIENT.id())) {
            throw new SpecException("--client " + command.client + " does not apply to --engine jmeter (JMeter's HTTP"
                    + " client sends); accepted: no --client");
        }
    }

    /** True for {@code --engine jmeter}; false for the built-in one. Other values, and --agents without jmeter, fail. */
    static boolean chosen(String engine, String agents, Path keystore) {
        boolean jmeter = switch (engine) {
            case "jmeter" -> true;
            case "builtin" -> false;
            default -> throw new SpecException("--engine " + engine + ": unknown engine; accepted: builtin, jmeter");
        };
        if (!jmeter && (agents != null || keystore != null)) {
            throw new SpecException("--agents and --keystore need --engine jmeter");
        }
        if (keystore != null && agents == null) {
            throw new SpecException("--keystore needs --agents (the embedded engine uses no RMI)");
        }
        return jmeter;
    }

    Integer call() throws Exception {
        RunDirectory.checkOut(c.out, c.force);
        String workload = "http:url=" + c.url;
        c.gate.check(List.of(new Target(ENGINE, workload, options.load().canonical(),
                options.loop().open() ? Target.Shape.OPEN : Target.Shape.CLOSED, true)));
        HttpProbe.Outcome probe = HttpProbe.probe(options.target(), options.client());
        if (probe.unreachable()) {
            return fail(probe.problem() + " (nothing was measured)");
        }
        if (!probe.ok()) {
            throw new SpecException(probe.problem());
        }
        RunDirectory run = RunDirectory.create(c.out, c.force, "load", "adhoc", "load " + c.url + " " + options.load());
        String id = run.nextScenarioId("load " + options.load().kind());
        JMeterLoad load = agents.isEmpty() ? JMeterLoad.embedded(options, run.scenarioFile(id, "-jmeter.log"))
                : JMeterLoad.onAgents(options, agents, c.keystore);
        System.err.printf("fiberbench: loading %s with %s on JMeter 5.6.3 (%s); results in %s%n", options.target().describe(),
                options.load(), agents.isEmpty() ? "embedded engine in a fork" : agents.size() + " agents x the load: " + agents,
                run.dir());
        JMeterLoad.Result result = measure(load, run, id, workload);
        for (String lost : result.lost()) {
            fail(lost);
        }
        if (!result.complete()) {
            return 1;
        }
        LoadOutcome o = result.outcome();
        if (result.completed() == 0 && o.errors() > 0) {
            return fail("every request failed (" + o.errors() + " errors: " + o.errorsByClass() + "); nothing was measured against " + c.url);
        }
        return c.gate.exit(0);
    }

    /** Runs the load; Ctrl-C stops it, and the samples so far are written all the same (once). */
    private JMeterLoad.Result measure(JMeterLoad load, RunDirectory run, String id, String workload) throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        Thread hook = new Thread(() -> {
            if (!done.get()) {
                load.stop();
                try {
                    written.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "fiberbench-jmeter-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            JMeterLoad.Result result = load.run(run.scenarioFile(id, ".hlog"), iv -> System.err.println(LoadCommand.secondLine(iv)));
            finish(run, id, workload, load, result);
            return result;
        } finally {
            done.set(true);
            written.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C arrived as the load ended
            }
        }
    }

    private void finish(RunDirectory run, String id, String workload, JMeterLoad load, JMeterLoad.Result result) {
        try {
            ScenarioResult r = new ScenarioResult(id, ENGINE, workload, options.load().canonical())
                    .config("runner", "load").config("timeout_s", options.target().timeout().toMillis() / 1000.0)
                    .config("ramp_s", options.ramp().toMillis() / 1000.0).config("buckets", options.buckets().toString());
            result.outcome().into(r, run);
            load.label(r, result);
            run.add(r);
            run.finish();
            System.out.print(summary(result, options));
            c.gate.judge(run, "load", System.out::print);
            System.out.println("results: " + run.dir().resolve("results.json"));
            org.fiberbench.cli.AfterRun.writeReport(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static String summary(JMeterLoad.Result result, LoadOptions opts) {
        LoadOutcome o = result.outcome();
        Map<String, Object> m = o.metrics();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s on JMeter%n  throughput %.1f req/s, %d ok in the measured window, %d errors %s%n",
                opts.load(), result.throughput(), result.completed(), o.errors(), o.errorsByClass().isEmpty() ? "" : o.errorsByClass()));
        sb.append("  service time from actual send of ").append(o.corrected().getTotalCount()).append(" responses ");
        for (String k : List.of("p50", "p90", "p99", "p99_9", "max")) {
            sb.append(k).append(' ').append(ms(m.get("service_" + k + "_ns"))).append("  ");
        }
        sb.append(String.format("%n  corrected latency: absent (%s)%n  buckets ", JMeterLoad.NO_CORRECTED));
        for (Map<String, Object> b : (List<Map<String, Object>>) o.section().get("buckets")) {
            sb.append(b.get("label")).append(": ").append(b.get("count")).append("  ");
        }
        sb.append(String.format(Locale.ROOT, "%n  %-22s %9s %8s %10s  %s%n", "agent", "requests", "errors", "p99", "status"));
        for (Map<String, Object> a : result.agents()) {
            sb.append(String.format(Locale.ROOT, "  %-22s %9d %8d %10s  %s%n", a.get("agent"), a.get("requests"), a.get("errors"),
                    ms(a.get("service_p99_ns")), a.get("status") + (a.containsKey("lost_reason") ? ": " + a.get("lost_reason") : "")));
        }
        return sb.toString();
    }

    private static String ms(Object ns) {
        return ns == null ? "-" : String.format(Locale.ROOT, "%.1fms", ((Number) ns).doubleValue() / 1e6);
    }

    private int fail(String message) {
        c.spec.commandLine().getErr().println("fiberbench: " + message);
        c.spec.commandLine().getErr().flush();
        return 1;
    }
}
