package org.fiberbench.jmeter;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.engine.util.NoThreadClone;

/**
 * The listener fiberbench adds to a plan it runs. JMeter clones test elements freely (per thread, and
 * when a client sends a plan to agents), so the element carries only a property naming its
 * {@link Sink}, registered in this JVM. On a client, JMeter wraps it in an RMI listener: the agent
 * sends its samples back in batches and the sink sees them here, labelled with the agent's name.
 */
public final class SampleForwarder extends AbstractTestElement
        implements SampleListener, TestStateListener, Remoteable, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private static final String SINK = "fiberbench.sink";
    private static final Map<String, Sink> SINKS = new ConcurrentHashMap<>();

    /** Where samples go. Called from JMeter's threads (embedded) or RMI threads (agents): must be thread-safe. */
    public interface Sink {
        void sample(SampleEvent event);

        /** The engine (or the agent) ended its test. */
        void ended();
    }

    public SampleForwarder() {
        // JMeter's clone() calls this and copies the properties
    }

    /** A forwarder to {@code sink}, registered under {@code name} in this JVM. */
    static SampleForwarder to(String name, Sink sink) {
        SINKS.put(name, sink);
        SampleForwarder f = new SampleForwarder();
        f.setName("fiberbench samples " + name);
        f.setProperty(SINK, name);
        return f;
    }

    static void unregister(String name) {
        SINKS.remove(name);
    }

    private Sink sink() {
        return SINKS.get(getPropertyAsString(SINK));
    }

    @Override
    public void sampleOccurred(SampleEvent e) {
        Sink s = sink();
        if (s != null) {
            s.sample(e);
        }
    }

    @Override
    public void sampleStarted(SampleEvent e) {
    }

    @Override
    public void sampleStopped(SampleEvent e) {
    }

    @Override
    public void testStarted() {
    }

    @Override
    public void testStarted(String host) {
    }

    @Override
    public void testEnded() {
        Sink s = sink();
        if (s != null) {
            s.ended();
        }
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }
}
