package org.fiberbench.secret;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * Secrets given in the environment ({@code FIBERBENCH_DB_PASSWORD}). Every process a JVM starts
 * inherits its environment, and JMH starts its forks itself, so the only way to keep such a
 * variable out of the forks is to take it out of this process's environment, once, before
 * anything is started: out of the C library's ({@link NativeEnv}), which a child inherits when
 * its starter leaves the environment alone, and out of Java's copy, which {@code System.getenv}
 * and {@code ProcessBuilder.environment()} read. Java's copy is private to {@code
 * java.lang.ProcessEnvironment}; fiberbench already opens {@code java.lang} (the launcher and the
 * jar's manifest do) for custom schedulers. Thread-safe.
 */
public final class EnvSecrets {
    private static final Map<String, String> TAKEN = new HashMap<>();

    private EnvSecrets() {
    }

    /**
     * The variable's value (null when unset), removed from the environment children inherit; later
     * calls return the same value. When the environment cannot be changed, says so once on stderr.
     */
    public static synchronized String take(String name) {
        if (TAKEN.containsKey(name)) {
            return TAKEN.get(name);
        }
        String value = System.getenv(name);
        TAKEN.put(name, value);
        if (value != null && !(NativeEnv.unset(name) & remove(name))) {
            System.err.println("fiberbench: warning: " + name + " stays in the environment of the JVMs fiberbench starts"
                    + " (it needs JDK 22+ and java started with --add-opens java.base/java.lang=ALL-UNNAMED,"
                    + " as ./fiberbench does)");
        }
        return value;
    }

    private static boolean remove(String name) {
        try {
            Class<?> env = Class.forName("java.lang.ProcessEnvironment");
            for (Field f : env.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && Map.class.isAssignableFrom(f.getType())) {
                    f.setAccessible(true);
                    removeKey((Map<?, ?>) f.get(null), name);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
        return System.getenv(name) == null && !new ProcessBuilder().environment().containsKey(name);
    }

    private static void removeKey(Map<?, ?> map, String name) {
        try {
            map.keySet().removeIf(k -> name.equals(String.valueOf(k)));
        } catch (UnsupportedOperationException readOnlyView) {
            // a view of a map this loop also visits
        }
    }
}
