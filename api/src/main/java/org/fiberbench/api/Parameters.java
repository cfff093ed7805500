package org.fiberbench.api;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The parameters of a workload: the keys of its spec other than {@code name} and {@code jar}, in
 * the order given, each value as text. {@code class:name=com.acme.Query,rows=100,timeout=2s}
 * gives {@code rows=100} and {@code timeout=2s}, read with {@link #integer(String, int)} and
 * {@link #duration(String, Duration)}.
 *
 * <p>Each getter has two forms: without a default the parameter is required, with one it is
 * optional. A missing required parameter or a value that does not convert throws
 * {@link ParameterException} with a one-line message naming the parameter, the value and what
 * is accepted.
 *
 * <p>Thread-safety: immutable; any thread may read it at any time.
 */
public final class Parameters {
    private final Map<String, String> values;

    private Parameters(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * Parameters with the given values (for a workload's own tests, for instance).
     *
     * @param values names to values as text; copied, order kept
     * @return the parameters
     */
    public static Parameters of(Map<String, String> values) {
        values.forEach((k, v) -> {
            Objects.requireNonNull(k, "a parameter name is null");
            Objects.requireNonNull(v, "the value of parameter " + k + " is null");
        });
        return new Parameters(values);
    }

    /** @return the names given, in their order */
    public Set<String> names() {
        return values.keySet();
    }

    /**
     * @param name a parameter name
     * @return whether the spec gave this parameter
     */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** @return the names and values, in their order; unmodifiable */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * @param name a required parameter
     * @return its value as given
     * @throws ParameterException when it is missing or empty
     */
    public String string(String name) {
        return required(name, "a text value");
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as given, or {@code defaultValue}
     */
    public String string(String name, String defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : v;
    }

    /**
     * @param name a required parameter
     * @return its value as an {@code int}
     * @throws ParameterException when it is missing or not an integer in the {@code int} range
     */
    public int integer(String name) {
        return toInt(name, required(name, "an integer"));
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as an {@code int}, or {@code defaultValue}
     * @throws ParameterException when it is given and not an integer in the {@code int} range
     */
    public int integer(String name, int defaultValue) {
        return has(name) ? toInt(name, values.get(name)) : defaultValue;
    }

    /**
     * @param name a required parameter
     * @return its value as a {@code long}; {@code 1_000_000} and {@code 1e6} are accepted forms
     * @throws ParameterException when it is missing or not an integer in the {@code long} range
     */
    public long longValue(String name) {
        return toLong(name, required(name, "an integer"), Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as a {@code long}, or {@code defaultValue}
     * @throws ParameterException when it is given and not an integer in the {@code long} range
     */
    public long longValue(String name, long defaultValue) {
        return has(name) ? toLong(name, values.get(name), Long.MIN_VALUE, Long.MAX_VALUE) : defaultValue;
    }

    /**
     * @param name a required parameter
     * @return its value as a finite {@code double}
     * @throws ParameterException when it is missing or not a finite number
     */
    public double doubleValue(String name) {
        return toDouble(name, required(name, "a number"));
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as a finite {@code double}, or {@code defaultValue}
     * @throws ParameterException when it is given and not a finite number
     */
    public double doubleValue(String name, double defaultValue) {
        return has(name) ? toDouble(name, values.get(name)) : defaultValue;
    }

    /**
     * @param name a required parameter
     * @return its value as a duration: {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 5us},
     *         {@code 100ns}; a bare number is milliseconds
     * @throws ParameterException when it is missing, negative or not a duration
     */
    public Duration duration(String name) {
        return toDuration(name, required(name, "a duration"));
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as a duration (see {@link #duration(String)}), or {@code defaultValue}
     * @throws ParameterException when it is given and negative or not a duration
     */
    public Duration duration(String name, Duration defaultValue) {
        return has(name) ? toDuration(name, values.get(name)) : defaultValue;
    }

    /**
     * @param name a required parameter
     * @return its value as a boolean: {@code true} or {@code false}, in any case
     * @throws ParameterException when it is missing or neither
     */
    public boolean bool(String name) {
        return toBool(name, required(name, "true or false"));
    }

    /**
     * @param name         an optional parameter
     * @param defaultValue returned when the parameter is missing
     * @return its value as a boolean, or {@code defaultValue}; a key given without a value
     *         ({@code class:name=X,verbose}) is {@code true}
     * @throws ParameterException when it is given and neither {@code true} nor {@code false}
     */
    public boolean bool(String name, boolean defaultValue) {
        return has(name) ? values.get(name).isEmpty() || toBool(name, values.get(name)) : defaultValue;
    }

    private String required(String name, String accepted) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            throw new ParameterException("parameter " + name + " is " + (v == null ? "missing" : "empty")
                    + "; accepted: " + name + "=<" + accepted + ">");
        }
        return v;
    }

    private static ParameterException bad(String name, String value, String what, String accepted) {
        return new ParameterException("parameter " + name + "=" + value + " is " + what + "; accepted: " + accepted);
    }

    private static int toInt(String name, String value) {
        return (int) toLong(name, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static long toLong(String name, String value, long min, long max) {
        String range = "an integer from " + min + " to " + max + " (1000000, 1_000_000 or 1e6)";
        String s = value.trim().replace("_", "");
        long n;
        try {
            if (s.matches("[0-9.]+[eE][0-9]+")) {
                double d = Double.parseDouble(s);
                if (d != Math.rint(d) || d > Long.MAX_VALUE) {
                    throw bad(name, value, "not an integer", range);
                }
                n = (long) d;
            } else {
                n = Long.parseLong(s);
            }
        } catch (NumberFormatException e) {
            throw bad(name, value, "not an integer", range);
        }
        if (n < min || n > max) {
            throw bad(name, value, "out of range", range);
        }
        return n;
    }

    private static double toDouble(String name, String value) {
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(name, value, "not a number", "a finite number like 0.5, 12 or 1e-3");
    }

    private static Duration toDuration(String name, String value) {
        String accepted = "a duration >= 0 like 100ns, 5us, 250ms, 10s, 2m, 1h (a bare number is ms)";
        String s = value.trim().toLowerCase(Locale.ROOT);
        String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"s", "1000000000"},
            {"m", "60000000000"}, {"h", "3600000000000"}};
        long nanosPerUnit = 1_000_000;
        for (String[] u : units) {
            if (s.endsWith(u[0]) && (u[0].length() == 2 || !Character.isLetter(s.charAt(s.length() - 2)))) {
                s = s.substring(0, s.length() - u[0].length()).trim();
                nanosPerUnit = Long.parseLong(u[1]);
                break;
            }
        }
        try {
            long n = Long.parseLong(s);
            if (n < 0) {
                throw bad(name, value, "negative", accepted);
            }
            return Duration.ofNanos(Math.multiplyExact(n, nanosPerUnit));
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(name, value, "not a duration", accepted);
        }
    }

    private static boolean toBool(String name, String value) {
        String s = value.trim().toLowerCase(Locale.ROOT);
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true");
        }
        throw bad(name, value, "not a boolean", "true or false");
    }

    /** @return {@code name=value,...} in the order given; never shows a value for a key named password */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ",").append(k).append('=')
                .append(k.equalsIgnoreCase("password") ? "***" : v));
        return sb.toString();
    }
}
