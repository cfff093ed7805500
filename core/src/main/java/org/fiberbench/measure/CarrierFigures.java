package org.fiberbench.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code carriers} section: what the carriers of virtual threads did ({@link CarrierSampler}).
 * Per-carrier figures are there for fiberbench-made schedulers, the scheduler's own for the JDK's
 * (JDK 24+); what was not sampled is null and left out.
 *
 * @param busyPct     CPU busy % by carrier name, in carrier-number order
 * @param busyMeanPct their mean
 * @param source      where the busy figures come from
 * @param scheduler   the JDK scheduler's figures by key ({@code parallelism_max}, {@code pool_size_mean}...):
 *                    maxima are whole numbers, means are not; a getter the JDK lacks gives no key
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CarrierFigures(Map<String, Double> busyPct, Double busyMeanPct, String source, Map<String, Number> scheduler) {
    public CarrierFigures {
        busyPct = busyPct == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(busyPct));
        scheduler = scheduler == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(scheduler));
    }

    /** The section as results.json has it. */
    public Map<String, Object> toMap() {
        return Resources.JSON.convertValue(this, new TypeReference<Map<String, Object>>() { });
    }
}
