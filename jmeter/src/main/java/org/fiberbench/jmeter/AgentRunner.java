package org.fiberbench.jmeter;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jorphan.collections.ListedHashTree;
import org.fiberbench.http.LoadOptions;

/**
 * Runs the plan on JMeter agents ({@code fiberbench agent} or a stock {@code jmeter-server} of the
 * same version), each the whole plan as JMeter does, through {@link ClientJMeterEngine}: the client
 * sends the plan over RMI and the agent sends its samples back to a listener exported here. Every
 * wait is bounded: an agent that cannot be reached, refuses the plan, stops answering its port or
 * does not end its test by the deadline is marked lost with the reason, its samples so far kept.
 */
final class AgentRunner implements Runner {
    private static final long WATCH_MILLIS = 500;
    private final LoadOptions options;
    private final List<AgentAddress> addresses;
    private final List<ClientJMeterEngine> engines = new ArrayList<>();

    AgentRunner(LoadOptions options, List<AgentAddress> addresses) {
        this.options = options;
        this.addresses = addresses;
    }

    @Override
    public void run(JMeterSamples samples, long deadlineNanos) throws InterruptedException {
        List<AgentStats> started = new ArrayList<>();
        for (AgentAddress a : addresses) {
            AgentStats stats = samples.agent(a.toString());
            String problem = start(a, stats, samples);
            if (problem != null) {
                stats.lost(problem);
            } else {
                started.add(stats);
            }
        }
        samples.begin();
        for (AgentStats s : started) {
            watch(s, deadlineNanos);
        }
        for (AgentStats s : started) {
            SampleForwarder.unregister(s.name);
        }
    }

    /** Connects, sends the plan and starts it; the reason when that failed, else null. */
    private String start(AgentAddress a, AgentStats stats, JMeterSamples samples) {
        ClientJMeterEngine engine;
        try {
            engine = new ClientJMeterEngine(a.toString());
        } catch (Exception e) {
            return "unreachable (" + Reasons.firstLine(e) + ")";
        }
        ListedHashTree tree = PlanBuilder.build(options, PlanBuilder.Secret.INLINE);
        tree.add(tree.getArray()[0], SampleForwarder.to(a.toString(), samples.sink(stats)));
        engine.configure(tree);
        Properties p = new Properties();
        p.putAll(JMeterHome.defaults());
        engine.setProperties(p);
        try {
            engine.runTest();
        } catch (Exception e) {
            return "refused the plan (" + Reasons.firstLine(e) + ")" + Reasons.versionHint(e);
        }
        synchronized (engines) {
            engines.add(engine);
        }
        return null;
    }

    /** Waits for the agent's end of test, checking every half second that its port still answers. */
    private static void watch(AgentStats stats, long deadlineNanos) throws InterruptedException {
        AgentAddress a = AgentAddress.parse(stats.name);
        int misses = 0;
        while (!stats.end().await(WATCH_MILLIS, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() > deadlineNanos) {
                stats.lost("did not end its test in time");
                return;
            }
            misses = answers(a) ? 0 : misses + 1;
            if (misses >= 2) {
                stats.lost("stopped answering on " + a + " mid-run");
                return;
            }
        }
    }

    private static boolean answers(AgentAddress a) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(a.host(), a.port()), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void stop() {
        synchronized (engines) {
            for (ClientJMeterEngine e : engines) {
                try {
                    e.stopTest(true);
                } catch (RuntimeException ex) {
                    // a lost agent: nothing more to stop
                }
            }
        }
    }
}
