package org.fiberbench.workload.user;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.fiberbench.secret.WorkloadSecrets;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.Workload;

/**
 * {@code class:name=FQCN[,jar=PATH[:PATH]][,KEY=VALUE...]}: one instance of the user's
 * {@link org.fiberbench.api.Workload} per JVM, driven through fiberbench's lifecycle. Each task's
 * result goes to a {@link ResultSink}; {@code validate} and {@code tearDown} run at {@link #close()}
 * and what they throw becomes {@link #warnings()}, never a failure. The user's methods other than
 * {@code run} see the user's class loader as the thread's context loader, as libraries that
 * look classes up through it expect.
 *
 * <p>Thread-safety: {@link #run} from any number of threads; the rest from one thread.
 */
final class ClassWorkload implements Workload {
    static final String NAME = "name";
    static final String JAR = "jar";

    private final String canonical;
    private final String className;
    private final ClassLoader loader;
    private final Parameters parameters;
    private final org.fiberbench.api.Workload task;
    private final ResultSink sink = new ResultSink();
    private final List<String> warnings = new ArrayList<>();

    ClassWorkload(Spec s) {
        UserClass type = type(s);
        this.canonical = text(s);
        this.className = type.name();
        this.loader = type.classLoader();
        this.parameters = parameters(s);
        this.task = type.newInstance();
    }

    /**
     * Validates {@code s} as the parent does before any fork: the class loads and is a workload,
     * and its {@code check} accepts the parameters (on an instance of its own). Returns the
     * canonical text: name, absolute {@code jar=} entries, the parameters in their order.
     */
    static String canonical(Spec s) {
        UserClass type = type(s);
        org.fiberbench.api.Workload probe = type.newInstance();
        try {
            withLoader(type.classLoader(), () -> {
                probe.check(parameters(s));
                return null;
            });
        } catch (ParameterException e) {
            throw new SpecException("workload class:name=" + type.name() + ": " + e.getMessage());
        } catch (Exception e) {
            throw new SpecException("workload class:name=" + type.name() + ": check threw " + e);
        }
        return text(s);
    }

    private static UserClass type(Spec s) {
        String name = s.required(NAME, "FQCN (" + UserClass.ACCEPTED + ")");
        return UserClass.load(name, UserClass.classPath(s));
    }

    private static String text(Spec s) {
        Map<String, String> params = new LinkedHashMap<>(s.params());
        List<Path> cp = UserClass.classPath(s);
        if (cp.isEmpty()) {
            params.remove(JAR);
        } else {
            params.put(JAR, String.join(File.pathSeparator, cp.stream().map(Path::toString).toList()));
        }
        return new Spec(s.family(), s.kind(), params).canonical(List.of(NAME, JAR));
    }

    /** Every key but name and jar; a secret key ({@link Spec#SECRET_KEYS}) as the parent serves it. */
    private static Parameters parameters(Spec s) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : s.params().keySet()) {
            if (!k.equals(NAME) && !k.equals(JAR)) {
                out.put(k, Spec.SECRET_KEYS.contains(k) ? WorkloadSecrets.resolve(s, k) : s.params().get(k));
            }
        }
        return Parameters.of(out);
    }

    @Override
    public String spec() {
        return canonical;
    }

    @Override
    public void setUp() throws Exception {
        try {
            withLoader(loader, () -> {
                task.setUp(parameters);
                return null;
            });
        } catch (Exception e) {
            throw new IllegalStateException("setUp of " + className + " failed: " + e, e);
        }
    }

    @Override
    public void run(long seq) throws Exception {
        sink.consume(task.run());
    }

    @Override
    public void close() {
        attempt("validate", task::validate);
        attempt("tearDown", task::tearDown);
    }

    private void attempt(String what, Step step) {
        try {
            withLoader(loader, () -> {
                step.run();
                return null;
            });
        } catch (Exception | LinkageError e) {
            warnings.add(what + " of " + className + " threw " + e);
        }
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    private static <T> T withLoader(ClassLoader loader, java.util.concurrent.Callable<T> body) throws Exception {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            return body.call();
        } finally {
            t.setContextClassLoader(before);
        }
    }
}
