package org.fiberbench.jmeter;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.result.ScenarioResult;

/**
 * A {@code load} on JMeter's engine: embedded (a {@link org.apache.jmeter.engine.StandardJMeterEngine}
 * in a fork) or on agents. The samples land in the same {@link LoadOutcome} as fiberbench's own
 * generator's, plus a breakdown per agent. JMeter knows no intended start times: every figure is
 * the service time from the actual send, and {@link #label} says so in results.json.
 */
public final class JMeterLoad {
    /** Why the coordinated-omission-corrected view is absent, as results.json and the table say it. */
    public static final String NO_CORRECTED = "JMeter does not know intended start times: only service time"
            + " from the actual send is measured, so no coordinated-omission-corrected latency";
    /** Startup of a fork or agent, and the end of its test, beyond the load's duration and timeout. */
    private static final long MARGIN_NANOS = 30_000_000_000L;
    private final LoadOptions options;
    private final Runner runner;
    private final List<AgentAddress> agents;

    private JMeterLoad(LoadOptions options, Runner runner, List<AgentAddress> agents) {
        this.options = options;
        this.runner = runner;
        this.agents = agents;
    }

    /** On an embedded engine in a forked JVM; JMeter's log of the fork goes to {@code log}. */
    public static JMeterLoad embedded(LoadOptions options, Path log) {
        return new JMeterLoad(options, new EmbeddedFork(options, log), List.of());
    }

    /** On the agents, each running the whole plan; this JVM becomes their JMeter client. */
    public static JMeterLoad onAgents(LoadOptions options, List<AgentAddress> agents, Path keystore) throws java.io.IOException {
        ClientSetup.init(agents, keystore);
        return new JMeterLoad(options, new AgentRunner(options, agents), agents);
    }

    /** The outcome, as fiberbench's generator reports it, and each agent's share. */
    public record Result(LoadOutcome outcome, List<Map<String, Object>> agents, List<String> lost, long completed,
                         double throughput) {
        /** No agent lost and every one ended its test. */
        public boolean complete() {
            return lost.isEmpty();
        }
    }

    /** Runs the test to its end (bounded), recording into {@code hlog} (may be null). */
    public Result run(Path hlog, Consumer<LatencyReport.Interval> onInterval) throws Exception {
        JMeterSamples samples = new JMeterSamples(options, hlog, onInterval);
        long deadline = System.nanoTime() + options.loop().duration().toNanos() + options.target().timeout().toNanos()
                + MARGIN_NANOS;
        boolean interrupted = false;
        try {
            runner.run(samples, deadline);
        } catch (InterruptedException e) {
            interrupted = true;
            runner.stop();
        }
        LoadOutcome outcome = samples.begin().finish(interrupted);
        List<String> lost = samples.agents().stream().filter(a -> a.lostReason() != null)
                .map(a -> (a.name.equals("embedded") ? "" : "agent ") + a.name + ": " + a.lostReason()
                        + " (" + a.requests() + " samples kept)").toList();
        double seconds = samples.windowSeconds();
        return new Result(outcome, samples.breakdown(), lost, samples.completedInWindow(),
                seconds > 0 ? samples.completedInWindow() / seconds : 0);
    }

    /** Ends the test early (Ctrl-C). */
    public void stop() {
        runner.stop();
    }

    /**
     * Marks {@code r}'s figures as service time from the actual send and names the engine and agents. A
     * closed load's {@code latency_*} figures keep their meaning (fiberbench's closed users also count from
     * the send); an open load's corrected view has null figures and {@code corrected_absent} says why.
     */
    public void label(ScenarioResult r, Result result) {
        r.config("engine", "jmeter").config("jmeter_version", "5.6.3")
                .config("latency_basis", "service time from actual send")
                .config("throughput_basis", "answers whose own end time falls in their agent's measured window, timed from its first send")
                .config("agents", agents.stream().map(AgentAddress::toString).toList());
        @SuppressWarnings("unchecked")
        Map<String, Object> latency = new LinkedHashMap<>((Map<String, Object>) r.section("latency"));
        latency.put("basis", "service time from actual send");
        // by each sample's own end time: agents send samples back late under load, the intervals show arrival
        r.metric("throughput_ops_s", result.throughput()).metric("completed", result.completed());
        latency.put("achieved_rate_ops_s", result.throughput());
        latency.put("completed", result.completed());
        latency.put("corrected_absent", NO_CORRECTED);
        if (options.loop().open()) {
            Map<String, Object> none = new LinkedHashMap<>();
            ((Map<?, ?>) latency.get("corrected")).keySet().forEach(k -> none.put((String) k, null));
            latency.put("corrected", none);
            none.keySet().forEach(k -> r.metric("latency_" + k, null));
            Map<String, Object> spectrum = new LinkedHashMap<>();
            spectrum.put("uncorrected", ((Map<?, ?>) latency.get("spectrum")).get("uncorrected"));
            latency.put("spectrum", spectrum);
        }
        r.section("latency", latency);
        r.section("agents", result.agents());
        if (!result.complete()) {
            r.failure(String.join("; ", result.lost()));
        }
    }
}
