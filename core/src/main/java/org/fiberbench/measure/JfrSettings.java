package org.fiberbench.measure;

import java.io.IOException;
import java.text.ParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Configuration;

/**
 * The settings of a scenario's {@code .jfr}: JFR's {@code profile} configuration without the events
 * that copy secrets into the file. {@code jdk.InitialEnvironmentVariable} holds the fork's
 * environment, {@code jdk.SystemProcess} the command line of every process on the host (a parent
 * started with {@code --db-password} included), and {@code jdk.ProcessStart} the command lines
 * this JVM starts. What stays carries no secret, since fiberbench never puts one on a command line
 * or in a system property ({@code jdk.JVMInformation}, {@code jdk.InitialSystemProperty}).
 */
final class JfrSettings {
    static final List<String> DISABLED = List.of("jdk.InitialEnvironmentVariable", "jdk.SystemProcess", "jdk.ProcessStart");

    private JfrSettings() {
    }

    static Map<String, String> profile() throws IOException, ParseException {
        Map<String, String> settings = new LinkedHashMap<>(Configuration.getConfiguration("profile").getSettings());
        for (String event : DISABLED) {
            settings.put(event + "#enabled", "false");
        }
        return settings;
    }
}
