package org.fiberbench.cli.http;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fiberbench.jmeter.Agent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fiberbench agent}: a JMeter server engine (what jmeter-server starts) for {@code load --engine jmeter --agents}. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {"Run a JMeter 5.6.3 server engine (as jmeter-server does) for 'load --engine jmeter --agents'.",
            "Loopback by default; any other --bind needs --keystore (RMI over TLS). Runs until stopped (Ctrl-C)."})
public final class AgentCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", description = "RMI registry port (default ${DEFAULT-VALUE})")
    int port = 1099;

    @Option(names = "--bind", paramLabel = "ADDR", description = "address to listen on (default ${DEFAULT-VALUE}: this machine only)")
    String bind = "127.0.0.1";

    @Option(names = "--keystore", paramLabel = "FILE", description = {"RMI over TLS with this keystore, created when missing;"
            + " its password from $FIBERBENCH_RMI_KEYSTORE_PASSWORD, else in FILE.password (0600)"})
    Path keystore;

    @Override
    public Integer call() throws Exception {
        String where = Agent.start(bind, port, keystore);
        System.out.println("fiberbench: agent listening on " + where);
        System.out.flush();
        Thread.currentThread().join(); // the RMI threads serve; Ctrl-C ends the JVM
        return 0;
    }
}
