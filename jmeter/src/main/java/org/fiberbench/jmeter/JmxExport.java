package org.fiberbench.jmeter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.jmeter.save.SaveService;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.result.RunDirectory;

/**
 * Writes a {@code load}'s plan as a {@code .jmx} with JMeter's own {@link SaveService}, so stock JMeter
 * 5.6.3 opens and runs it ({@code jmeter -n -t plan.jmx -l out.jtl}). The password is never written:
 * the plan reads it from the JMeter property {@value PlanBuilder#PASSWORD_PROPERTY} at run time.
 */
public final class JmxExport {
    private JmxExport() {
    }

    /** Writes the plan atomically to {@code out}; returns a note for the user when the plan needs a property. */
    public static String write(LoadOptions options, Path out) throws IOException {
        ClientSetup.quiet();
        JMeterHome.init(Map.of());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SaveService.saveTree(PlanBuilder.build(options, PlanBuilder.Secret.PROPERTY_REFERENCE), bytes);
        RunDirectory.writeAtomically(out, bytes.toByteArray());
        return options.target().user() == null ? null
                : "the password is not in the file: the plan reads the JMeter property " + PlanBuilder.PASSWORD_PROPERTY
                        + " (e.g. jmeter -n -t " + out.getFileName() + " -q secret.properties, with "
                        + PlanBuilder.PASSWORD_PROPERTY + "=... in a file only you can read)";
    }
}
