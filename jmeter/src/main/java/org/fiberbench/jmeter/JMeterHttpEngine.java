package org.fiberbench.jmeter;

import org.fiberbench.http.HttpEngine;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * {@code http:url=...,engine=jmeter} in a {@code run}: the scenario's closed or open load on the
 * embedded JMeter engine in a fork, as {@code load --engine jmeter} runs it (the password on the fork's
 * standard input), labelled as service time. Registered in {@code META-INF/services}.
 */
public final class JMeterHttpEngine implements HttpEngine {

    @Override
    public String id() {
        return "jmeter";
    }

    @Override
    public LoadOutcome run(LoadOptions options, ScenarioResult r, RunDirectory run) throws Exception {
        java.nio.file.Path log = run.scenarioFile(r.id(), "-jmeter.log");
        JMeterLoad load = JMeterLoad.embedded(options, log);
        JMeterLoad.Result result = load.run(run.scenarioFile(r.id(), ".hlog"), iv -> { });
        result.outcome().into(r, run);
        load.label(r, result);
        r.file("jmeter_log", "scenarios/" + log.getFileName());
        return result.outcome();
    }
}
