package org.fiberbench.http;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.secret.WorkloadSecrets;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadKind;

/**
 * {@code http:url=URL[,user=U,password=P][,timeout=T][,expect=TEXT][,client=socket|jdk][,engine=builtin|jmeter]}: one GET per
 * task over keep-alive connections shared by all tasks. A failed request throws, so it is counted
 * as an error by class ({@link Timeout}, {@link Connect}, {@link Status}, {@link Body}, {@link Io}),
 * never as a fast sample. A relative URL ({@code /thread/benchmark?ms=1000}) means fiberbench's own
 * server, forked on the scenario's executor: the {@code server} suite's runner resolves it. The
 * canonical text shows {@code password=***}; a fork gets the password from its parent through
 * {@link WorkloadSecrets}. {@code engine=jmeter} sends a closed or open load from a registered {@link
 * HttpEngine} (JMeter's) instead of the loop fork.
 */
public final class HttpWorkload implements Workload {
    public static final Set<String> KEYS = Set.of("url", "user", "password", "timeout", "expect", "client", "engine");
    private static final List<String> ORDER = List.of("url", "user", "password", "timeout", "expect", "client", "engine");
    /** The fork's own generator (the loop runner) and the engines a module registers ({@link HttpEngine}). */
    public static final String BUILTIN = "builtin";
    private static final List<String> ENGINES = List.of(BUILTIN, "jmeter");
    private final String canonical;
    private final HttpTarget target;
    private final HttpSender.Kind client;
    private HttpSender sender;

    private HttpWorkload(Spec s) {
        this.canonical = canonical(s);
        String url = s.required("url", "http://HOST:PORT/PATH");
        if (url.startsWith("/")) {
            throw new SpecException("workload '" + canonical + "': a relative URL is served by fiberbench's own server "
                    + "and runs only under a closed or open load (the server suite); accepted here: an absolute http:// URL");
        }
        this.target = target(s);
        this.client = HttpSender.Kind.of(s.string("client", LoadOptions.DEFAULT_CLIENT.id()));
    }

    /** The {@code http} kind, provided to {@link WorkloadKind}'s registry by {@link HttpWorkloads}. */
    public static WorkloadKind kind() {
        return new WorkloadKind("http", KEYS, "http:url=http://127.0.0.1:8080/thread/name,user=hello,password=world",
                "GET a URL per task (keep-alive); a relative url=/path means fiberbench's own server on the scenario's executor",
                HttpWorkload::canonical, HttpWorkload::new);
    }

    static String canonical(Spec s) {
        String url = s.required("url", "http://HOST:PORT/PATH or /PATH");
        if (!url.startsWith("/")) {
            HttpTarget.parseUrl(url);
        }
        if (s.has("user") != s.has("password")) {
            throw new SpecException("workload 'http': user and password go together");
        }
        timeout(s);
        HttpSender.Kind.of(s.string("client", LoadOptions.DEFAULT_CLIENT.id()));
        String engine = engine(s);
        if (!engine.equals(BUILTIN) && s.has("client")) {
            throw new SpecException(s.where("client") + ": the client is fiberbench's generator's; engine=" + engine
                    + " sends with its own; accepted: no client= with engine=" + engine);
        }
        return s.canonical(ORDER);
    }

    /** The spec's {@code engine} ({@value #BUILTIN} when absent); an unknown one fails naming the accepted ones. */
    public static String engine(Spec s) {
        String e = s.string("engine", BUILTIN);
        if (!ENGINES.contains(e)) {
            throw new SpecException(s.where("engine") + ": unknown engine '" + e + "'; accepted: " + String.join(", ", ENGINES));
        }
        return e;
    }

    /** Fails when {@code workload} names an engine other than the loop fork's and {@code load} is not closed or open. */
    public static void checkLoad(Spec workload, LoadSpec load) {
        String engine = workload.kind().equals("http") ? engine(workload) : BUILTIN;
        if (!engine.equals(BUILTIN) && !(load instanceof LoopLoad)) {
            throw new SpecException("workload 'http' key 'engine': engine=" + engine + " does not run load '"
                    + load.canonical() + "'; accepted: closed:users=N,duration=D or open:rate=R,duration=D (or engine="
                    + BUILTIN + ")");
        }
    }

    /** The absolute URL's target, credentials resolved ({@link WorkloadSecrets}): for an engine outside the loop fork. */
    public static HttpTarget target(Spec s) {
        return HttpTarget.of(s.required("url", "http://HOST:PORT/PATH"), s.string("user", null),
                WorkloadSecrets.resolve(s, "password"), timeout(s), s.string("expect", null));
    }

    public static boolean isRelative(String canonicalSpec) {
        return canonicalSpec.startsWith("http:url=/");
    }

    private static Duration timeout(Spec s) {
        Duration t = s.has("timeout") ? Numbers.parseDuration(s.where("timeout"), s.string("timeout", "10s"))
                : HttpTarget.DEFAULT_TIMEOUT;
        if (t.isZero()) {
            throw new SpecException(s.where("timeout") + ": must be > 0; accepted: a duration like 5s");
        }
        return t;
    }

    @Override
    public String spec() {
        return canonical;
    }

    @Override
    public void setUp() throws Exception {
        sender = HttpSender.create(client, target);
        HttpProbe.check(target, client);
    }

    @Override
    public void run(long seq) throws Exception {
        Response r = sender.send();
        if (r.ok()) {
            return;
        }
        String e = r.error();
        throw switch (e) {
            case "timeout" -> new Timeout(e);
            case "connect" -> new Connect(r.detail());
            case "body" -> new Body(e);
            case "io" -> new Io(r.detail());
            default -> new Status(e);
        };
    }

    @Override
    public void close() {
        if (sender != null) {
            sender.close();
        }
    }

    /** A failed request; the subclass is its error class in results. Stackless: errors are counted, not traced. */
    public abstract static class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    public static final class Timeout extends Failure {
        Timeout(String m) {
            super(m);
        }
    }

    public static final class Connect extends Failure {
        Connect(String m) {
            super(m);
        }
    }

    public static final class Status extends Failure {
        Status(String m) {
            super(m);
        }
    }

    public static final class Body extends Failure {
        Body(String m) {
            super(m);
        }
    }

    public static final class Io extends Failure {
        Io(String m) {
            super(m);
        }
    }
}
