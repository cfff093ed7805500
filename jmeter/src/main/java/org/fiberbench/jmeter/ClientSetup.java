package org.fiberbench.jmeter;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

/**
 * This JVM as a JMeter client: JMeter's home and properties, and RMI timeouts so that no call to a
 * dead agent blocks for long. When every agent is on this machine, the listeners the agents call
 * back are exported on loopback too.
 */
final class ClientSetup {
    private ClientSetup() {
    }

    static void init(List<AgentAddress> agents, java.nio.file.Path keystore) throws java.io.IOException {
        quiet();
        System.setProperty("sun.rmi.transport.tcp.responseTimeout", "15000");
        System.setProperty("sun.rmi.transport.connectionTimeout", "5000");
        System.setProperty("sun.rmi.transport.proxy.connectTimeout", "5000");
        if (System.getProperty("java.rmi.server.hostname") == null && agents.stream().allMatch(ClientSetup::loopback)) {
            System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        }
        JMeterHome.init(keystore == null ? Map.of() : AgentKeystore.openOrCreate(keystore).jmeterProperties());
    }

    /** JMeter's own log below errors stays out of fiberbench's output (slf4j-simple reads this once, at start). */
    static void quiet() {
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jmeter", "error");
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jorphan", "error");
    }

    static boolean loopback(AgentAddress a) {
        try {
            return InetAddress.getByName(a.host()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
