package org.fiberbench.db;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.ScenarioHook;
import org.fiberbench.spec.Spec;
import org.fiberbench.workload.jdbc.DbConnection;

/**
 * Database support for one run. {@link #open} checks the database while planning (a one-line
 * {@link org.fiberbench.spec.SpecException} on any bad setting) and makes the scenario hook that
 * gives each jdbc scenario its server; the CLI puts that {@link #hook} in the run's
 * {@link org.fiberbench.engine.RunContext}. A plan without jdbc scenarios touches no database at all.
 */
public final class DbRun {
    private final ScenarioHook hook;
    private final String server;

    /** {@code password=VALUE} in a spec: the value runs to the next comma, or is quoted. */
    private static final Pattern SPEC_SECRET = Pattern.compile("(?i)(\\bpassword=)('[^']*'|\"[^\"]*\"|[^,]*)");

    private DbRun(ScenarioHook hook, String server) {
        this.hook = hook;
        this.server = server;
    }

    public static DbRun open(Plan plan, DbOptions options) throws Exception {
        List<Spec> specs = new ArrayList<>();
        for (Scenario s : plan.scenarios()) {
            if (DbScenarioHook.isJdbc(s) && !specs.contains(s.workload().spec())) {
                specs.add(s.workload().spec());
            }
        }
        if (specs.isEmpty()) {
            return new DbRun(null, null);
        }
        String server;
        if (options.embedded()) {
            try (EmbeddedH2 h2 = EmbeddedH2.start()) {
                server = h2.prepare(options.rows(), specs);
            }
        } else {
            server = DbCheck.prepare(options.connection(), options.rows(), specs);
        }
        return new DbRun(new DbScenarioHook(options), server);
    }

    /** The server's product and version, or null when the plan has no database scenario. */
    public String server() {
        return server;
    }

    /** The hook that serves the run's jdbc scenarios their database, or null when the plan has none. */
    public ScenarioHook hook() {
        return hook;
    }

    /**
     * {@code args} with every secret replaced by ***: the value of --db-password and --password, any
     * password inside a --db URL, and a {@code password=} key inside a spec ({@code -w http:...}).
     */
    public static List<String> maskArgs(List<String> args) {
        List<String> out = new ArrayList<>(args.size());
        boolean nextIsSecret = false;
        boolean nextIsUrl = false;
        for (String a : args) {
            if (nextIsSecret) {
                out.add(Spec.MASK);
            } else if (nextIsUrl) {
                out.add(maskUrl(a));
            } else if (a.startsWith("--db-password=") || a.startsWith("--password=")) {
                out.add(a.substring(0, a.indexOf('=') + 1) + Spec.MASK);
            } else if (a.startsWith("--db=")) {
                out.add("--db=" + maskUrl(a.substring(5)));
            } else {
                out.add(SPEC_SECRET.matcher(a).replaceAll("$1" + Spec.MASK));
            }
            nextIsSecret = a.equals("--db-password") || a.equals("--password");
            nextIsUrl = a.equals("--db");
        }
        return out;
    }

    private static String maskUrl(String url) {
        try {
            return new DbConnection(url, null, null).maskedUrl();
        } catch (RuntimeException e) {
            return url; // not a URL we accept: planning reports it
        }
    }
}
