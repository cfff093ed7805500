package org.fiberbench.engine.suite;

import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Seed 003's server part: the same 1 s blocking endpoint behind basic auth served on Tomcat's
 * default 200 platform threads, on virtual threads, and on virtual threads over a fixed carrier
 * pool; N closed-loop users. Little's law bounds throughput at min(users, threads) / 1 s. The users
 * ramp up over 1 s, the endpoint's own time, so their completions spread over each second instead of
 * landing in step, in clumps that the one-second throughput buckets would split unevenly.
 */
final class ServerSuites {
    static final String ENDPOINT = "http:url=/thread/benchmark?ms=1000,expect=Thread";

    private ServerSuites() {
    }

    static Suite server() {
        return new Suite("server", "003",
                "HTTP server on platform:fixed=200 vs virtual vs virtual:scheduler=fixed; 1 s endpoint; closed users (1000 at --full)",
                (scale, o) -> {
                    boolean full = scale == Suite.Scale.FULL;
                    String load = full ? "closed:users=1000,duration=60s,warmup=10s,ramp=1s" : "closed:users=400,duration=12s,warmup=4s,ramp=1s";
                    Settings settings = Defaults.SETTINGS.with(o);
                    List<Scenario> out = new ArrayList<>();
                    for (String e : new String[] {"platform:fixed=200", "virtual",
                        "virtual:scheduler=fixed,carriers=" + ExecutorSpec.cpus()}) {
                        out.add(new Scenario(ExecutorSpec.parse(e), WorkloadSpec.parse(ENDPOINT), LoadSpec.parse(load), settings));
                    }
                    return out;
                });
    }

    /** The one HTTP scenario of the default run (~15 s): 400 users on a virtual-thread server. */
    static Suite quick() {
        return new Suite("server-quick", "003",
                "one quick server scenario: 400 closed users, 1 s endpoint, virtual-thread Tomcat (expect ~400 req/s)",
                (scale, o) -> List.of(new Scenario(ExecutorSpec.parse("virtual"), WorkloadSpec.parse(ENDPOINT),
                        LoadSpec.parse("closed:users=400,duration=10s,warmup=3s,ramp=1s"), Defaults.SETTINGS.with(o))));
    }
}
