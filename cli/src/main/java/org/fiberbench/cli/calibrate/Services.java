package org.fiberbench.cli.calibrate;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.SharedDatabase;
import org.fiberbench.engine.RunContext;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;

/**
 * The servers the pairs' two sides share, each started once for the whole calibration and only
 * when a selected pair needs it: the database ({@link SharedDatabase}: the embedded H2 in this
 * process, or {@code --db}) and fiberbench's HTTP server (on virtual threads, 127.0.0.1, an
 * ephemeral port, no auth). Both sides of a pair talk to the same server, which runs in this
 * process for both alike. Closing stops them.
 */
final class Services implements AutoCloseable {
    /** No server: pairs that need one fail when their sides ask for it. */
    static final Services NONE = new Services(null, null);
    /** The server's executor: the web server experiment's virtual-thread server. */
    static final String SERVER_EXECUTOR = "virtual";
    /** Far above one batch's requests: a request never meets a full queue. */
    static final int SERVER_MAX_QUEUE = 100_000;

    private final SharedDatabase database;
    private final BenchServer server;

    private Services(SharedDatabase database, BenchServer server) {
        this.database = database;
        this.server = server;
    }

    /** Starts what {@code pairs} need; a database that cannot be reached is a one-line SpecException, as in {@code run}. */
    static Services start(List<Pair> pairs, DbOptions db) throws Exception {
        boolean needsDb = pairs.stream().anyMatch(p -> p.service() == Pair.Service.DATABASE);
        boolean needsServer = pairs.stream().anyMatch(p -> p.service() == Pair.Service.HTTP_SERVER);
        SharedDatabase database = needsDb ? SharedDatabase.open(db) : null;
        try {
            BenchServer server = needsServer ? BenchServer.start(new ServerOptions(ExecutorSpec.parse(SERVER_EXECUTOR),
                    ServerOptions.DEFAULT_BIND, 0, null, null, Duration.ofSeconds(1), SERVER_MAX_QUEUE,
                    ServerOptions.DEFAULT_MAX_MS)) : null;
            return new Services(database, server);
        } catch (RuntimeException e) {
            if (database != null) {
                database.close();
            }
            throw e;
        }
    }

    /** {@code pairs} with the HTTP server's address in place of {@link Pair#SERVER}. */
    List<Pair> resolve(List<Pair> pairs) {
        return pairs.stream().map(p -> p.service() == Pair.Service.HTTP_SERVER && server != null ? p.withServer(baseUrl()) : p)
                .toList();
    }

    private String baseUrl() {
        String url = server.url();
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /**
     * What a fork of the pair's reference (JMH's, or the interleaved fork of both sides) needs beyond
     * the pair's own JVM options: the database's secret channel.
     */
    List<String> referenceJvmArgs(Pair p) {
        if (p.service() == Pair.Service.DATABASE) {
            if (database == null) {
                throw new IllegalStateException("pair " + p.name() + " needs the database, which calibrate did not start");
            }
            return database.forkJvmArgs();
        }
        return List.of();
    }

    /** The run context of the fiberbench sides: {@code run}'s default, its jdbc scenarios on the shared database. */
    RunContext context() {
        return database == null ? RunContext.DEFAULT : RunContext.DEFAULT.withHook(database.hook());
    }

    /** A line per server started, for the console. */
    void describe(Consumer<String> out) {
        if (database != null) {
            out.accept("database: " + database.describe());
        }
        if (server != null) {
            out.accept("HTTP server: " + baseUrl() + "/ on executor " + SERVER_EXECUTOR + " (no auth, loopback)");
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            if (database != null) {
                database.close();
            }
        }
    }
}
