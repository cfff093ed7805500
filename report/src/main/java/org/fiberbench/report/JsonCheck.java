package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Type checks on one JSON document that name the key when they fail: the file, a path such as
 * {@code scenarios[2].metrics.score_ms_per_op}, what was found and what was expected, on one line.
 * An optional key may be absent or null (the writer writes null for "unknown"); a required key
 * must be there and not null.
 */
final class JsonCheck {
    /** Jackson writes a non-finite double as one of these strings: the writer's own spelling of a number. */
    private static final Set<String> NON_FINITE = Set.of("NaN", "Infinity", "-Infinity");
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MAX_SHOWN = 40;

    /** The JSON types a reader relies on, by the words a message uses. */
    enum Type {
        NUMBER("a number"), STRING("a string"), BOOLEAN("a boolean"), OBJECT("an object"), ARRAY("an array");

        final String words;

        Type(String words) {
            this.words = words;
        }

        boolean matches(JsonNode n) {
            return switch (this) {
                case NUMBER -> n.isNumber() || n.isTextual() && NON_FINITE.contains(n.asText());
                case STRING -> n.isTextual();
                case BOOLEAN -> n.isBoolean();
                case OBJECT -> n.isObject();
                case ARRAY -> n.isArray();
            };
        }
    }

    private final Path file;

    JsonCheck(Path file) {
        this.file = file;
    }

    /** {@code parent.key} checked, or an exception naming it; returns the value (a missing node when absent). */
    JsonNode required(JsonNode parent, String parentPath, String key, Type type) {
        JsonNode v = parent.path(key);
        String path = path(parentPath, key);
        if (v.isMissingNode() || v.isNull() || !type.matches(v)) {
            throw fail(path, v, type.words);
        }
        return v;
    }

    /** Like {@link #required} for a key that may be absent or null. */
    JsonNode optional(JsonNode parent, String parentPath, String key, Type type) {
        JsonNode v = parent.path(key);
        String problem = problem(v, path(parentPath, key), type);
        if (problem != null) {
            throw new InputException(file + ": " + problem);
        }
        return v;
    }

    /** Each element of an optional array (each value of an optional object) must be of this type. */
    void each(JsonNode container, String path, Type type) {
        each(container, path, (p, v) -> {
            if (v.isNull() || !type.matches(v)) {
                throw fail(p, v, type.words);
            }
        });
    }

    /** Like {@link #each(JsonNode, String, Type)}, where an element may also be null. */
    void eachOrNull(JsonNode container, String path, Type type) {
        each(container, path, (p, v) -> {
            String problem = problem(v, p, type);
            if (problem != null) {
                throw new InputException(file + ": " + problem);
            }
        });
    }

    /** Visits the elements of an array or the values of an object with their paths; nothing else. */
    static void each(JsonNode container, String path, java.util.function.BiConsumer<String, JsonNode> visit) {
        if (container.isArray()) {
            for (int i = 0; i < container.size(); i++) {
                visit.accept(path + "[" + i + "]", container.get(i));
            }
        } else if (container.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = container.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                visit.accept(path(path, e.getKey()), e.getValue());
            }
        }
    }

    /** Null when {@code v} is absent, null or of the type; else the problem, without the file. */
    static String problem(JsonNode v, String path, Type type) {
        return v.isMissingNode() || v.isNull() || type.matches(v) ? null : path + " is " + found(v) + ", expected " + type.words + " or null";
    }

    InputException fail(String path, JsonNode found, String expected) {
        return new InputException(file + ": " + path + " is " + found(found) + ", expected " + expected);
    }

    Path file() {
        return file;
    }

    static String path(String parent, String key) {
        String step = PLAIN_KEY.matcher(key).matches() ? key : "[" + quoted(key) + "]";
        return parent.isEmpty() ? step : step.startsWith("[") ? parent + step : parent + "." + step;
    }

    /** What a value is, for a message: its type, and the value itself when it is short. */
    static String found(JsonNode v) {
        if (v == null || v instanceof MissingNode) {
            return "missing";
        }
        return switch (v.getNodeType()) {
            case NULL -> "null";
            case STRING -> "a string (" + quoted(v.asText()) + ")";
            case NUMBER -> "a number (" + v.asText() + ")";
            case BOOLEAN -> "a boolean (" + v.asText() + ")";
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            default -> v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String quoted(String s) {
        String shown = s.length() > MAX_SHOWN ? s.substring(0, MAX_SHOWN) + "..." : s;
        return "\"" + shown.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("\\p{Cntrl}", "?") + "\"";
    }
}
