package org.fiberbench.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.function.Consumer;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.measure.LatencyReport;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.fiberbench.http.ExternalLoad;

/**
 * The parent's side of a JMeter run: each sample, from the embedded fork or from an agent, goes into
 * fiberbench's recorder ({@link ExternalLoad}) and into its agent's {@link AgentStats}.
 */
final class JMeterSamples {
    private final LoadOptions options;
    private final Path hlog;
    private final Consumer<LatencyReport.Interval> onInterval;
    private final List<AgentStats> agents = new ArrayList<>();
    private volatile ExternalLoad load;
    private final java.util.concurrent.atomic.LongAdder okInWindow = new java.util.concurrent.atomic.LongAdder();

    JMeterSamples(LoadOptions options, Path hlog, Consumer<LatencyReport.Interval> onInterval) {
        this.options = options;
        this.hlog = hlog;
        this.onInterval = onInterval;
    }

    /** The engine started its test: the recording's clock starts now (once). */
    synchronized ExternalLoad begin() {
        if (load == null) {
            try {
                load = ExternalLoad.start(options, hlog, onInterval);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return load;
    }

    synchronized AgentStats agent(String name) {
        AgentStats a = new AgentStats(name);
        agents.add(a);
        return a;
    }

    /** One sample of {@code agent}: elapsed milliseconds, its error class (null: success), its end time. */
    void record(AgentStats agent, long elapsedMs, String error, long endMillis) {
        long nanos = elapsedMs * 1_000_000L;
        ExternalLoad load = this.load != null ? this.load : begin();
        if (error == null) {
            load.success(nanos);
        } else {
            load.error(error);
        }
        // each agent's window on its own clock, from its first send: agents start their threads a while after
        // the client asked them to (plan transfer, a cold JVM), and their clocks need not agree with the client's
        long start = agent.firstSend(endMillis - elapsedMs);
        boolean warm = endMillis >= start + options.loop().warmup().toMillis();
        agent.record(error == null, nanos, warm);
        if (error == null && warm && endMillis < start + options.loop().duration().toMillis()) {
            okInWindow.increment();
        }
        if (agent.firstSample()) {
            System.err.println("fiberbench: " + agent.name + ": first samples in");
        }
    }

    /** A sink for {@link SampleForwarder} that records {@code agent}'s samples here. */
    SampleForwarder.Sink sink(AgentStats agent) {
        return new SampleForwarder.Sink() {
            @Override
            public void sample(SampleEvent event) {
                SampleResult r = event.getResult();
                record(agent, r.getTime(), ErrorClasses.of(r), r.getEndTime());
            }

            @Override
            public void ended() {
                agent.ended();
            }
        };
    }

    /**
     * Answers that ended in their agent's measured window by their own end time, and the window's seconds:
     * the throughput free of the delay with which agents start and send their samples back.
     */
    long completedInWindow() {
        return okInWindow.sum();
    }

    double windowSeconds() {
        return options.loop().duration().minus(options.loop().warmup()).toMillis() / 1000.0;
    }

    synchronized List<AgentStats> agents() {
        return List.copyOf(agents);
    }

    synchronized List<Map<String, Object>> breakdown() {
        return agents.stream().map(AgentStats::toMap).toList();
    }
}
