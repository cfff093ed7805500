package org.fiberbench.cli.http;

import java.util.concurrent.Callable;
import org.fiberbench.cli.DbFlags;
import org.fiberbench.db.ServedDatabase;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerMain;
import org.fiberbench.server.ServerOptions;
import org.fiberbench.spec.Numbers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fiberbench serve --executor SPEC}: the web server experiment's server, for any load tool (curl, wrk, JMeter, {@code fiberbench load}). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve the endpoints of the web server under 1000 users from an embedded Tomcat whose requests run on the given executor.",
            "Endpoints: GET /thread/name, /thread/benchmark?ms=N (default 1000), /cpu?iterations=N,",
            "/db?query=point|scan&via=direct|offload (on --db, or an embedded H2 server), /stats.",
            "Credentials and parameters are checked before a request waits for the executor;",
            "at most --max-queue requests wait (more: 503 at once); one whose client left is cancelled, not run.",
            "Ctrl-C or SIGTERM: stops accepting, answers waiting requests 503, lets running ones finish",
            "within --grace (then 503), exits 0."})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = {"-e", "--executor"}, required = true, paramLabel = "SPEC",
            description = "runs the requests: virtual, virtual:scheduler=fixed,carriers=N, platform:fixed=200 (Tomcat's default), ...")
    String executor;

    @Option(names = "--port", paramLabel = "N", description = "port (default ${DEFAULT-VALUE}; 0 = any free port)")
    int port = ServerOptions.DEFAULT_PORT;

    @Option(names = "--bind", paramLabel = "ADDR", description = {"address to listen on (default ${DEFAULT-VALUE}: this machine only).",
        "Any other address (0.0.0.0: every interface) needs your own password and prints a warning"})
    String bind = ServerOptions.DEFAULT_BIND;

    @Option(names = "--user", paramLabel = "U",
            description = "basic-auth user (default ${DEFAULT-VALUE}, password world, as in the web server under 1000 users: published, so loopback only)")
    String user = ServerOptions.DEFAULT_USER;

    @Mixin
    PasswordFlags password = new PasswordFlags();

    @Option(names = "--no-auth", description = "serve without basic auth (loopback only)")
    boolean noAuth;

    @Option(names = "--grace", paramLabel = "D",
            description = "how long running requests may take to finish at shutdown, then they are answered 503 (default 10s)")
    String grace = "10s";

    @Option(names = "--max-queue", paramLabel = "N",
            description = "requests that may wait for the executor; more are answered 503 at once (default ${DEFAULT-VALUE})")
    int maxQueue = ServerOptions.DEFAULT_MAX_QUEUE;

    @Option(names = "--max-ms", paramLabel = "MS",
            description = "longest sleep /thread/benchmark?ms= accepts; above it: 400 (default ${DEFAULT-VALUE})")
    long maxMs = ServerOptions.DEFAULT_MAX_MS;

    @Mixin
    DbFlags db = new DbFlags();

    @Override
    public Integer call() throws Exception {
        ServerOptions o = new ServerOptions(ExecutorSpec.parse(executor), bind, port, noAuth ? null : user,
                noAuth ? null : password.password(ServerOptions.DEFAULT_PASSWORD), Numbers.parseDuration("--grace", grace),
                maxQueue, maxMs);
        ServedDatabase database = ServedDatabase.open(db.options()); // run's check: one line and exit 2 on failure
        BenchServer server = BenchServer.start(o, database); // owns the database from here
        System.out.println("fiberbench: /db queries " + database.describe());
        ServerMain.serveUntilSignalled(server, System.out);
        return 0;
    }
}
