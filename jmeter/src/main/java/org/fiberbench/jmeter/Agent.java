package org.fiberbench.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.util.JMeterUtils;
import org.fiberbench.spec.SpecException;

/**
 * A JMeter server engine in this JVM, what {@code jmeter-server} starts: {@link RemoteJMeterEngineImpl}
 * with its RMI registry on {@code port}, bound to {@code bind}. Plain RMI only on loopback; any other
 * address needs RMI over TLS with a keystore ({@link AgentKeystore}).
 */
public final class Agent {
    private Agent() {
    }

    /** Checks the address and keystore, starts the engine and returns what it listens on, for one line. */
    public static String start(String bind, int port, Path keystore) throws IOException {
        InetAddress address = address(bind);
        if (!address.isLoopbackAddress() && keystore == null) {
            throw new SpecException("--bind " + bind + " is not a loopback address and plain RMI would let anyone who"
                    + " reaches the port run code on this machine; accepted: --bind 127.0.0.1, or --keystore FILE (RMI over TLS)");
        }
        if (port < 1 || port > 65535) {
            throw new SpecException("--port " + port + ": accepted 1..65535");
        }
        checkFree(address, port);
        System.setProperty("java.rmi.server.hostname", address.getHostAddress());
        Map<String, String> props = new HashMap<>();
        props.put("server_port", Integer.toString(port));
        String tls = "plain RMI";
        if (keystore != null) {
            AgentKeystore ks = AgentKeystore.openOrCreate(keystore);
            props.putAll(ks.jmeterProperties());
            tls = "RMI over TLS, keystore " + keystore + " (" + ks.passwordSource() + ")";
        }
        JMeterHome.init(props);
        RemoteJMeterEngineImpl.startServer(port);
        return address.getHostAddress() + ":" + port + " (JMeter " + JMeterUtils.getJMeterVersion() + ", " + tls + ")";
    }

    private static InetAddress address(String bind) {
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new SpecException("--bind " + bind + ": unknown host; accepted: an address of this machine, e.g. 127.0.0.1");
        }
    }

    /** The registry port must be free: JMeter would otherwise carry on with whatever registry holds it. */
    private static void checkFree(InetAddress address, int port) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw new IOException("cannot listen on " + address.getHostAddress() + ":" + port + " (" + e.getMessage() + ")");
        }
    }
}
