package org.fiberbench.measure;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * The {@code pinning} section: virtual threads that pinned their carrier in the window, and
 * those the scheduler refused. Typed so that it crosses from the fork as JSON unchanged.
 *
 * @param count        pinned events at or over the threshold
 * @param totalMs      their summed duration in ms
 * @param submitFailed virtual threads the scheduler refused to start or continue
 * @param topStacks    the most frequent pinned stacks, most frequent first
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Pinning(long count, double totalMs, long submitFailed, List<Stack> topStacks) {
    public Pinning {
        topStacks = List.copyOf(topStacks);
    }

    /** One pinned stack, innermost frame first, and how often it pinned. */
    public record Stack(int count, List<String> stack) {
        public Stack {
            stack = List.copyOf(stack);
        }
    }

    /** The section as results.json has it. */
    public Map<String, Object> toMap() {
        return Resources.JSON.convertValue(this, new TypeReference<Map<String, Object>>() { });
    }
}
