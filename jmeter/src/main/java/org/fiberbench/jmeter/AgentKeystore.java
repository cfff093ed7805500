package org.fiberbench.jmeter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The keystore of RMI over TLS between JMeter's client and agents, in JMeter's {@code server.rmi.ssl.*}
 * terms (the same file is keystore and truststore, alias {@code rmi}, as JMeter's own
 * {@code create-rmi-keystore} makes it). Its password is taken from the environment variable
 * {@value #PASSWORD_ENV} when set; otherwise it lives in {@code FILE.password} (0600) beside the
 * keystore, made with it. A missing keystore is created with the JDK's {@code keytool}, which reads
 * the password from its environment, never from its command line.
 */
final class AgentKeystore {
    static final String PASSWORD_ENV = "FIBERBENCH_RMI_KEYSTORE_PASSWORD";
    private final Path file;
    private final String password;
    private final String source;

    private AgentKeystore(Path file, String password, String source) {
        this.file = file;
        this.password = password;
        this.source = source;
    }

    static AgentKeystore openOrCreate(Path file) throws IOException {
        String env = System.getenv(PASSWORD_ENV);
        Path pwFile = file.resolveSibling(file.getFileName() + ".password");
        String password;
        String source;
        if (env != null && !env.isEmpty()) {
            password = env;
            source = "password from $" + PASSWORD_ENV;
        } else if (Files.exists(pwFile)) {
            password = Files.readString(pwFile, StandardCharsets.UTF_8).strip();
            source = "password in " + pwFile.getFileName();
        } else if (Files.exists(file)) {
            throw new IOException("keystore " + file + " exists but neither $" + PASSWORD_ENV + " nor " + pwFile + " holds its password");
        } else {
            password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
            Files.writeString(pwFile, password + "\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(pwFile, PosixFilePermissions.fromString("rw-------"));
            source = "password in " + pwFile.getFileName();
        }
        if (!Files.exists(file)) {
            create(file, password);
        }
        return new AgentKeystore(file, password, source);
    }

    private static void create(Path file, String password) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        ProcessBuilder pb = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-alias", "rmi", "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "365", "-dname", "CN=fiberbench-agent", "-storetype", "PKCS12",
                "-keystore", file.toString(), "-storepass:env", PASSWORD_ENV, "-keypass:env", PASSWORD_ENV))
                .redirectErrorStream(true);
        pb.environment().put(PASSWORD_ENV, password);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool could not create " + file + ": " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool created " + file);
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    /** JMeter's properties for RMI over TLS with this keystore, on the agent and on the client alike. */
    Map<String, String> jmeterProperties() {
        return Map.of("server.rmi.ssl.disable", "false", "server.rmi.ssl.keystore.type", "PKCS12",
                "server.rmi.ssl.keystore.file", file.toAbsolutePath().toString(), "server.rmi.ssl.keystore.password", password,
                "server.rmi.ssl.keystore.alias", "rmi", "server.rmi.ssl.truststore.type", "PKCS12",
                "server.rmi.ssl.truststore.file", file.toAbsolutePath().toString(), "server.rmi.ssl.truststore.password", password);
    }

    String passwordSource() {
        return source;
    }
}
