package org.fiberbench.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
 */
public record Observed(Resources resources, Pinning pinning, CarrierFigures carriers, Profile profile,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String jfr, List<String> warnings) {
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
