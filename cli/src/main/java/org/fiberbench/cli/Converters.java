package org.fiberbench.cli;

import java.time.Duration;
import org.fiberbench.spec.Numbers;
import picocli.CommandLine.ITypeConverter;

/** picocli converters that reuse the spec language's parsing and messages. */
final class Converters {
    private Converters() {
    }

    /** {@code 500ms}, {@code 10s}, {@code 2m}; a bare number is seconds. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return Numbers.parseDuration("duration", value);
        }
    }
}
