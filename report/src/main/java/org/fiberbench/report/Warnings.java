package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.stats.Precision;

/**
 * Everything a reader must know before trusting the numbers: the run's own hygiene warnings, then
 * what the report can see itself (a busy machine, a dirty checkout, failed or saturated scenarios, a
 * precision target missed and why).
 */
final class Warnings {
    static final int MAX_SCENARIO_WARNINGS = 50;
    /** Load average per CPU above which other work probably disturbed the run. */
    static final double BUSY_LOAD_PER_CPU = 0.25;
    static final double BUSY_CPU_PCT = 10;

    private Warnings() {
    }

    static List<String> of(JsonNode results) {
        List<String> out = new ArrayList<>();
        results.path("warnings").forEach(w -> out.add(w.asText()));
        environment(results, out);
        List<String> perScenario = new ArrayList<>();
        results.path("scenarios").forEach(s -> scenario(s, perScenario));
        out.addAll(perScenario.subList(0, Math.min(perScenario.size(), MAX_SCENARIO_WARNINGS)));
        if (perScenario.size() > MAX_SCENARIO_WARNINGS) {
            out.add("... and " + (perScenario.size() - MAX_SCENARIO_WARNINGS) + " more scenario warnings (see the summary table)");
        }
        return out;
    }

    private static void environment(JsonNode results, List<String> out) {
        if (results.has("finished_at") && results.path("finished_at").isNull()) {
            out.add("The run did not finish: these results are partial.");
        }
        JsonNode git = results.path("git");
        if (git.path("dirty").asBoolean(false)) {
            out.add("The fiberbench checkout had uncommitted changes (commit " + git.path("commit").asText("unknown") + ").");
        }
        JsonNode env = results.path("environment");
        // the run may have said it already, in its own words
        String said = out.toString().toLowerCase(Locale.ROOT);
        int cpus = env.path("cpu").path("count").asInt(0);
        double load = env.path("load_average_before").asDouble(-1);
        if (cpus > 0 && load > BUSY_LOAD_PER_CPU * cpus && !said.contains("load average")) {
            out.add(String.format(Locale.ROOT, "Load average before the run was %.2f on %d CPUs: other work may have disturbed the measurements.", load, cpus));
        }
        double busy = env.path("cpu_busy_before_pct").asDouble(-1);
        if (busy > BUSY_CPU_PCT && !said.contains("busy")) {
            out.add(String.format(Locale.ROOT, "The machine was %.0f%% busy before the first scenario.", busy));
        }
        if ("unavailable".equals(env.path("custom_scheduler_mechanism").asText())) {
            out.add("This JDK offers no way to set a virtual-thread scheduler: custom-scheduler executors could not run.");
        }
    }

    private static void scenario(JsonNode s, List<String> out) {
        String id = s.path("id").asText("?");
        String termination = s.path("termination").asText("normal");
        if ("failure".equals(termination)) {
            out.add("Scenario " + id + " failed: " + s.path("failure").asText("no reason given"));
        } else if ("interrupted".equals(termination)) {
            out.add("Scenario " + id + " was interrupted.");
        }
        JsonNode lat = s.path("latency");
        if (lat.path("saturated").asBoolean(false)) {
            out.add("Scenario " + id + ": the requested rate was not achieved (" + lat.path("saturation_reason").asText("saturated") + ").");
        }
        JsonNode precision = s.path("config").path("precision");
        if (precision.isObject() && !Precision.Stop.SATURATED.label.equals(precision.path("stopped").asText())) {
            // a saturated run is said above, as the rate it did not achieve
            String note = Precision.missedNote(Json.MAPPER.convertValue(precision, Map.class), Score.iterations(s.path("iterations")));
            if (note != null) {
                out.add("Scenario " + id + ": the interval missed its precision target, " + note + ".");
            }
        }
        long errors = s.path("metrics").path("errors").asLong(lat.path("errors").asLong(0));
        if (errors > 0) {
            out.add("Scenario " + id + ": " + errors + " task(s) failed.");
        }
    }
}
