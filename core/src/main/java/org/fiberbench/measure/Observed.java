package org.fiberbench.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything observed about one scenario in its JVM ({@link Observer#stop}), as the fork hands it
 * to the parent: written as JSON to the scenario's observation file ({@link ForkObservation}) and
 * read back into the same record ({@link #read}), so the parent casts nothing. The file keeps the
 * full timeline; the parent thins it for results.json.
 *
 * @param resources the {@code resources} section with its full timeline
 * @param pinning   the {@code pinning} section
 * @param carriers  the {@code carriers} section, or null (platform threads: no carriers to watch)
 * @param profile   what async-profiler wrote, or null when no profile was asked for or it could not start
 * @param jfr       the JFR recording written, or null (left out)
 * @param warnings  what went wrong on the way, for the run's warnings
 * @param jdk       the JDK this JVM reports it runs on: what the scenario really ran on, whatever was
 *                  asked; null (left out) from a producer that does not say
 */
public record Observed(Resources resources, Pinning pinning, CarrierFigures carriers, Profile profile,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String jfr, List<String> warnings,
                       @JsonInclude(JsonInclude.Include.NON_NULL) RanOn jdk) {
    public Observed {
        warnings = List.copyOf(warnings);
    }

    /**
     * A scenario's async-profiler output; {@code samples}, {@code collapsed} and {@code flame} are null
     * (left out) when writing them failed, {@code workerFlames} when no process-pool worker was profiled.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Profile(String event, Long samples, String collapsed, String flame, List<String> workerFlames) {
    }

    /** The JDK of the JVM that observed, as it reports itself; its keys are those of a scenario's {@code jdk} section. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record RanOn(String home, String version, String vendor, int feature, String vmName) {
        /** This JVM's. */
        public static RanOn here() {
            return new RanOn(System.getProperty("java.home"), System.getProperty("java.version"),
                    System.getProperty("java.vendor"), Runtime.version().feature(), System.getProperty("java.vm.name"));
        }

        /** The {@code jdk} section of results.json, marked as reported by the fork. */
        public Map<String, Object> toSection() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("home", home);
            m.put("version", version);
            m.put("vendor", vendor);
            m.put("feature", feature);
            m.put("vm_name", vmName);
            m.put("reported_by", "fork");
            return m;
        }
    }

    /** The JSON the fork writes. */
    public byte[] toJson() throws IOException {
        return Resources.JSON.writeValueAsBytes(this);
    }

    /** Reads what a fork wrote with {@link #toJson}. */
    public static Observed read(Path file) throws IOException {
        return Resources.JSON.readValue(file.toFile(), Observed.class);
    }

    static Observed fromJson(byte[] json) throws IOException {
        return Resources.JSON.readValue(json, Observed.class);
    }
}
