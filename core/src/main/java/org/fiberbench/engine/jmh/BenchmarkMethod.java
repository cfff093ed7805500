package org.fiberbench.engine.jmh;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fiberbench.spec.SpecException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A hand-written JMH benchmark method called directly, one operation per {@link #call()}, without
 * JMH's loop: one instance of its {@code @State} class, its {@code @Param} fields set from strings as
 * JMH sets them, its trial {@code @Setup} run on {@link #open} and its trial {@code @TearDown} on
 * {@link #close()}. It lets a fork run a reference operation and fiberbench's operation side by side
 * ({@link InterleavedBatches}). The method and its state methods take no arguments, and the state
 * has no per-iteration or per-invocation fixtures; a class that needs more is refused by name.
 * Several threads may call one instance at once, as with JMH's {@code @Threads} on a benchmark-scoped state.
 */
public final class BenchmarkMethod implements AutoCloseable {
    private final String name;
    private final Object state;
    private final Method method;
    private final List<Method> tearDowns;

    private BenchmarkMethod(String name, Object state, Method method, List<Method> tearDowns) {
        this.name = name;
        this.state = state;
        this.method = method;
        this.tearDowns = tearDowns;
    }

    /**
     * {@code Class.method} (a class name, fully qualified or in this package), its {@code params} set,
     * its trial set-up run. A name that does not resolve, a parameter the class does not declare or a
     * value its field cannot hold is a {@link SpecException} naming it and what is accepted.
     */
    public static BenchmarkMethod open(String benchmark, Map<String, String> params) throws Exception {
        int dot = benchmark.lastIndexOf('.');
        if (dot <= 0 || dot == benchmark.length() - 1) {
            throw new SpecException("reference '" + benchmark + "'; accepted: Class.method, e.g. ReferenceSchedulerBenchmark.heavyCpu");
        }
        String className = benchmark.substring(0, dot);
        Class<?> c;
        try {
            c = Class.forName(className.contains(".") ? className : BenchmarkMethod.class.getPackageName() + "." + className);
        } catch (ClassNotFoundException e) {
            throw new SpecException("reference class '" + className + "' is not on the class path; accepted: a JMH benchmark class,"
                    + " e.g. ReferenceSchedulerBenchmark");
        }
        Method m = benchmarkMethod(c, benchmark.substring(dot + 1));
        for (Method x : c.getMethods()) {
            Setup s = x.getAnnotation(Setup.class);
            TearDown t = x.getAnnotation(TearDown.class);
            if ((s != null && s.value() != Level.Trial) || (t != null && t.value() != Level.Trial) || ((s != null || t != null)
                    && x.getParameterCount() != 0)) {
                throw new SpecException(c.getSimpleName() + "." + x.getName() + " is a fixture this caller cannot run;"
                        + " accepted: @Setup and @TearDown at Level.Trial without arguments");
            }
        }
        Object state = c.getConstructor().newInstance();
        setParams(c, state, params);
        for (Method x : fixtures(c, Setup.class)) {
            invoke(x, state);
        }
        return new BenchmarkMethod(c.getSimpleName() + "." + m.getName(), state, m, fixtures(c, TearDown.class));
    }

    private static Method benchmarkMethod(Class<?> c, String methodName) {
        List<String> accepted = new ArrayList<>();
        for (Method x : c.getMethods()) {
            if (x.isAnnotationPresent(Benchmark.class)) {
                if (x.getName().equals(methodName) && x.getParameterCount() == 0) {
                    return x;
                }
                accepted.add(x.getName());
            }
        }
        throw new SpecException("reference method '" + c.getSimpleName() + "." + methodName + "' is not a @Benchmark without"
                + " arguments; accepted: " + (accepted.isEmpty() ? "(none)" : String.join(", ", new TreeSet<>(accepted))));
    }

    private static void setParams(Class<?> c, Object state, Map<String, String> params) throws IllegalAccessException {
        TreeSet<String> declared = new TreeSet<>();
        for (Field f : c.getFields()) {
            if (f.isAnnotationPresent(Param.class)) {
                declared.add(f.getName());
            }
        }
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!declared.contains(e.getKey())) {
                throw new SpecException("parameter '" + e.getKey() + "' of " + c.getSimpleName() + "; accepted: "
                        + (declared.isEmpty() ? "(none)" : String.join(", ", declared)));
            }
        }
        for (Field f : c.getFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p == null || Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            String v = params.get(f.getName());
            if (v == null) {
                if (p.value().length != 1) { // JMH would run every listed value; one call site takes one
                    throw new SpecException("parameter '" + f.getName() + "' of " + c.getSimpleName() + " needs a value; accepted: "
                            + String.join(", ", p.value()));
                }
                v = p.value()[0];
            }
            f.set(state, convert(f, v));
        }
    }

    private static Object convert(Field f, String v) {
        Class<?> t = f.getType();
        try {
            if (t == String.class) {
                return v;
            } else if (t == int.class) {
                return Integer.parseInt(v);
            } else if (t == long.class) {
                return Long.parseLong(v);
            } else if (t == double.class) {
                return Double.parseDouble(v);
            } else if (t == boolean.class) {
                return Boolean.parseBoolean(v);
            }
        } catch (NumberFormatException e) {
            throw new SpecException("parameter " + f.getName() + "='" + v + "'; accepted: a " + t.getSimpleName());
        }
        throw new SpecException("parameter " + f.getName() + " is a " + t.getSimpleName() + "; accepted: String, int, long, double, boolean");
    }

    private static List<Method> fixtures(Class<?> c, Class<? extends java.lang.annotation.Annotation> kind) {
        return Arrays.stream(c.getMethods()).filter(m -> m.isAnnotationPresent(kind)).toList();
    }

    private static Object invoke(Method m, Object target) throws Exception {
        try {
            return m.invoke(target);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            if (e.getCause() instanceof Error x) {
                throw x;
            }
            throw e;
        }
    }

    /** One operation; the method's own exception when it fails. */
    public Object call() throws Exception {
        return invoke(method, state);
    }

    /** {@code Class.method}. */
    public String name() {
        return name;
    }

    /** The trial tear-down. */
    @Override
    public void close() throws Exception {
        for (Method m : tearDowns) {
            invoke(m, state);
        }
    }
}
