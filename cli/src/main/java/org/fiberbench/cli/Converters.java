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

    /**
     * Whole numbers in ASCII digits. picocli's own converters use Integer.valueOf, which takes any
     * Unicode digit: "--forks １" (full width) would pass as 1. Registered for every command.
     */
    static void registerAsciiIntegers(picocli.CommandLine cl) {
        ITypeConverter<Integer> ints = v -> (int) ascii(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int");
        ITypeConverter<Long> longs = v -> ascii(v, Long.MIN_VALUE, Long.MAX_VALUE, "a long");
        cl.registerConverter(Integer.class, ints).registerConverter(int.class, ints)
                .registerConverter(Long.class, longs).registerConverter(long.class, longs);
    }

    private static long ascii(String value, long min, long max, String what) {
        String t = value.trim();
        boolean digits = !t.isEmpty() && t.chars().skip(t.charAt(0) == '-' || t.charAt(0) == '+' ? 1 : 0)
                .allMatch(c -> c >= '0' && c <= '9');
        try {
            long v = Long.parseLong(t);
            if (digits && v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below, in picocli's words
        }
        throw new TypeConversionException("'" + value + "' is not " + what);
    }
}
