package org.fiberbench.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A parsed {@code kind[:key=value,...]} string. Keys keep the order given; values are raw text and
 * are converted by the typed getters, which name the spec, the key and the accepted range when a
 * value does not fit. A key may appear without a value ({@code platform:cached}): its value is "".
 *
 * <p>Values may contain commas only inside ranges of a list key (see {@link #list}); a bare token
 * without '=' that follows a key=value pair continues that key's value, so
 * {@code primes:range=1..10,20..30} keeps both ranges under {@code range}.
 *
 * <p>The canonical text masks the values of {@link #SECRET_KEYS}: it is what results, logs, tables and
 * forks' parameters show. The values themselves stay in {@link #params}.
 */
public record Spec(String family, String kind, Map<String, String> params) {
    /** Keys whose values are secrets: every canonical form shows them as {@value #MASK}. */
    public static final Set<String> SECRET_KEYS = Set.of("password");
    public static final String MASK = "***";

    public Spec {
        Objects.requireNonNull(family);
        Objects.requireNonNull(kind);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Parses {@code text} as a spec of the given family ("executor", "workload", "load"). */
    public static Spec parse(String family, String text) {
        if (text == null || text.isBlank()) {
            throw new SpecException(family + " spec is empty; expected kind[:key=value,...]");
        }
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        String kind = (colon < 0 ? trimmed : trimmed.substring(0, colon)).trim();
        if (kind.isEmpty()) {
            throw new SpecException(family + " spec '" + text + "' has no kind before ':'");
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (colon >= 0) {
            String lastKey = null;
            for (String part : splitTopLevel(trimmed.substring(colon + 1))) {
                String token = part.trim();
                if (token.isEmpty()) {
                    throw new SpecException(family + " spec '" + text + "' has an empty key=value part");
                }
                int eq = token.indexOf('=');
                if (eq < 0 && lastKey != null && isListContinuation(token)) {
                    params.put(lastKey, params.get(lastKey) + "," + token);
                    continue;
                }
                String key = (eq < 0 ? token : token.substring(0, eq)).trim();
                String value = eq < 0 ? "" : token.substring(eq + 1).trim();
                if (key.isEmpty()) {
                    throw new SpecException(family + " spec '" + text + "' has a value without a key: '" + token + "'");
                }
                if (params.put(key, value) != null) {
                    throw new SpecException(family + " spec '" + text + "' sets '" + key + "' twice");
                }
                lastKey = key;
            }
        }
        return new Spec(family, kind, params);
    }

    /** A range like {@code 5000..6000} after a comma continues the previous key's list. */
    private static boolean isListContinuation(String token) {
        return token.contains("..");
    }

    /** Splits on commas that are not inside quotes, so SQL text can carry commas when quoted. */
    private static List<String> splitTopLevel(String s) {
        List<String> out = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                cur.append(c);
            } else if (c == '"' || c == '\'') {
                quote = c;
                cur.append(c);
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /** Fails unless every key is one of {@code allowed}; a List keeps its order in the message, a Set is sorted. */
    public Spec requireKeys(java.util.Collection<String> allowed) {
        for (String key : params.keySet()) {
            if (!allowed.contains(key)) {
                java.util.Collection<String> shown = allowed instanceof List ? allowed : new java.util.TreeSet<>(allowed);
                throw new SpecException(family + " '" + kind + "' has no key '" + key + "'; accepted keys: "
                        + (allowed.isEmpty() ? "none" : String.join(", ", shown)));
            }
        }
        return this;
    }

    public boolean has(String key) {
        return params.containsKey(key);
    }

    public String string(String key, String defaultValue) {
        String v = params.get(key);
        return v == null || v.isEmpty() ? defaultValue : v;
    }

    public long longValue(String key, long defaultValue, long min, long max) {
        String v = params.get(key);
        if (v == null) {
            return defaultValue;
        }
        return Numbers.parseLong(where(key), v, min, max);
    }

    public int intValue(String key, int defaultValue, int min, int max) {
        return (int) longValue(key, defaultValue, min, max);
    }

    /** A required integer. */
    public long requiredLong(String key, long min, long max) {
        if (!params.containsKey(key) || params.get(key).isEmpty()) {
            throw new SpecException(family + " '" + kind + "' needs " + key + "=N (" + min + ".." + max + ")");
        }
        return longValue(key, 0, min, max);
    }

    public String required(String key, String what) {
        String v = params.get(key);
        if (v == null || v.isEmpty()) {
            throw new SpecException(family + " '" + kind + "' needs " + key + "=" + what);
        }
        return v;
    }

    /** Where a value came from, for messages: {@code executor 'virtual' key 'carriers'}. */
    public String where(String key) {
        return family + " '" + kind + "' key '" + key + "'";
    }

    /** {@code kind:k1=v1,k2=v2}; keys in the order given by {@code order} first, then the rest. */
    public String canonical(List<String> order) {
        StringJoiner j = new StringJoiner(",");
        for (String k : order) {
            if (params.containsKey(k)) {
                j.add(pair(k));
            }
        }
        for (String k : params.keySet()) {
            if (!order.contains(k)) {
                j.add(pair(k));
            }
        }
        return j.length() == 0 ? kind : kind + ":" + j;
    }

    private String pair(String k) {
        String v = params.get(k);
        return v.isEmpty() ? k : k + "=" + (SECRET_KEYS.contains(k) ? MASK : v);
    }

    /** The values of {@link #SECRET_KEYS} as given, for the forks' secret channel: no canonical form has them. */
    public Map<String, String> secrets() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : SECRET_KEYS) {
            if (params.get(k) != null && !params.get(k).isEmpty()) {
                out.put(k, params.get(k));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return canonical(List.of());
    }
}
