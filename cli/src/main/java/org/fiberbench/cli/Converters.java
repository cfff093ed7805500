package org.fiberbench.cli;

import java.time.Duration;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters that reuse the spec language's parsing and messages. They throw picocli's
 * TypeConversionException, whose message picocli prefixes with the option's name: a converter
 * does not know which option it serves, and "duration: -1s is negative" alone does not say.
 */
public final class Converters {
    private Converters() {
    }

    /** {@code 500ms}, {@code 10s}, {@code 2m}; a bare number is seconds; zero allowed. */
    public static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Numbers.parseDuration("", value);
            } catch (SpecException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** As {@link DurationConverter}, for a time limit or period that cannot be zero. */
    public static final class PositiveDurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Numbers.parsePositiveDuration("", value);
            } catch (SpecException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
