package org.fiberbench.jmeter;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.ListedHashTree;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.load.LoadSpec;

/**
 * The forked JVM of an embedded JMeter run: {@code URL USER|- LOAD RAMP_MS TIMEOUT_MS [EXPECT]} on the
 * command line, the password (or an empty line) as the first line of standard input, so that it never
 * shows in a process list. It runs the plan on a {@link StandardJMeterEngine} and writes one line per
 * sample on standard output ({@code S ELAPSED_MS END_MS CLASS|-}) after an {@code R} as the test starts, then {@code E}; a {@code stop}
 * line on standard input ends the test early. Everything else (JMeter's log) goes to standard error.
 */
public final class EmbeddedMain {
    private EmbeddedMain() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false, StandardCharsets.UTF_8);
        System.setOut(System.err); // before JMeter's logging looks at System.out
        ClientSetup.quiet();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String password = in.readLine();
        LoadOptions o = options(args, password == null || password.isEmpty() ? null : password);
        JMeterHome.init(Map.of());
        ListedHashTree tree = PlanBuilder.build(o, PlanBuilder.Secret.INLINE);
        tree.add(tree.getArray()[0], SampleForwarder.to("embedded", new LineSink(protocol)));
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        Thread.ofPlatform().daemon().start(() -> awaitStop(in, engine));
        Thread flusher = Thread.ofPlatform().daemon().start(() -> flushEvery(protocol, Duration.ofMillis(200)));
        synchronized (protocol) {
            protocol.println("R");
            protocol.flush();
        }
        engine.run();
        flusher.interrupt();
        synchronized (protocol) {
            protocol.println("E");
            protocol.flush();
        }
        System.exit(0); // JMeter leaves non-daemon threads behind
    }

    static LoadOptions options(String[] a, String password) {
        String user = a[1].equals("-") ? null : a[1];
        HttpTarget target = HttpTarget.of(a[0], user, user == null ? null : password, Duration.ofMillis(Long.parseLong(a[3])),
                a.length > 4 ? a[4] : null);
        return new LoadOptions(target, LoadSpec.parse(a[2]));
    }

    private static void awaitStop(BufferedReader in, StandardJMeterEngine engine) {
        try {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.equals("stop")) {
                    engine.stopTest(true);
                    return;
                }
            }
        } catch (java.io.IOException e) {
            // the parent went away: end the test rather than load a server for nobody
        }
        engine.stopTest(true);
    }

    private static void flushEvery(PrintStream out, Duration period) {
        try {
            while (true) {
                Thread.sleep(period);
                synchronized (out) {
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes each sample as a line; JMeter calls it from its threads. */
    private record LineSink(PrintStream out) implements SampleForwarder.Sink {
        @Override
        public void sample(SampleEvent event) {
            SampleResult r = event.getResult();
            String error = ErrorClasses.of(r);
            String line = "S " + r.getTime() + " " + r.getEndTime() + " " + (error == null ? "-" : error);
            synchronized (out) {
                out.println(line);
            }
        }

        @Override
        public void ended() {
        }
    }
}
