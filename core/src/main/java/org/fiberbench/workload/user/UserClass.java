package org.fiberbench.workload.user;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fiberbench.api.Workload;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A user's workload class, loaded and checked: found, a public concrete class implementing
 * {@link Workload}, with a public no-argument constructor. Every failure is a {@link SpecException}
 * with one line naming the class and what is accepted, so the parent reports it (exit status 2)
 * before any fork starts.
 *
 * <p>Classes of {@code jar=} load in a child-first loader (the user's libraries win over the
 * copies inside fiberbench's jar), except the API and the JDK, which come from fiberbench's
 * loader so that the user's class implements fiberbench's own {@link Workload}. One loader per
 * class path per JVM: the instances of one JVM share the user's static state, as in the user's
 * own application.
 */
final class UserClass {
    static final String ACCEPTED = "a public class implementing org.fiberbench.api.Workload with a public no-argument"
            + " constructor";
    /** Per-JVM cache of loaders by class path; see the class comment. */
    private static final Map<List<Path>, ClassLoader> LOADERS = new ConcurrentHashMap<>();

    private final Constructor<? extends Workload> constructor;

    private UserClass(Constructor<? extends Workload> constructor) {
        this.constructor = constructor;
    }

    static UserClass load(String name, List<Path> classPath) {
        Class<?> c = find(name, classPath);
        if (!Workload.class.isAssignableFrom(c)) {
            throw new SpecException("workload class: " + name + " does not implement org.fiberbench.api.Workload;"
                    + " accepted: " + ACCEPTED);
        }
        if (!Modifier.isPublic(c.getModifiers()) || Modifier.isAbstract(c.getModifiers())) {
            throw new SpecException("workload class: " + name + " is " + (Modifier.isPublic(c.getModifiers())
                    ? "abstract" : "not public") + "; accepted: " + ACCEPTED);
        }
        try {
            return new UserClass(c.asSubclass(Workload.class).getConstructor());
        } catch (NoSuchMethodException e) {
            throw new SpecException("workload class: " + name + " has no public no-argument constructor; accepted: "
                    + ACCEPTED);
        }
    }

    private static Class<?> find(String name, List<Path> classPath) {
        String where = classPath.isEmpty() ? "fiberbench's class path (FIBERBENCH_CLASSPATH)"
                : "jar=" + String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
        try {
            return Class.forName(name, false, loader(classPath));
        } catch (ClassNotFoundException e) {
            throw new SpecException("workload class: " + name + " is not found in " + where + "; accepted: " + ACCEPTED
                    + ", in a jar or directory given with jar=PATH or --classpath PATH");
        } catch (LinkageError e) {
            throw new SpecException("workload class: " + name + " cannot be loaded from " + where + " (" + e
                    + "); accepted: a class whose dependencies are in its jar (a shaded jar) or on --classpath");
        }
    }

    static ClassLoader loader(List<Path> classPath) {
        return classPath.isEmpty() ? UserClass.class.getClassLoader()
                : LOADERS.computeIfAbsent(List.copyOf(classPath), UserClassLoader::new);
    }

    /** {@code jar=}'s entries as absolute paths; each must exist. */
    static List<Path> classPath(Spec s) {
        List<Path> out = new ArrayList<>();
        String jar = s.string(ClassWorkload.JAR, "");
        for (String entry : jar.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = Path.of(entry.trim()).toAbsolutePath().normalize();
            if (!Files.exists(p)) {
                throw new SpecException(s.where(ClassWorkload.JAR) + ": " + entry.trim() + " does not exist; accepted: jar"
                        + " files or class directories, separated by '" + File.pathSeparator + "'");
            }
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** A new instance; the constructor's exception becomes a one-line message. */
    Workload newInstance() {
        try {
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw new SpecException("workload class: the constructor of " + constructor.getDeclaringClass().getName()
                    + " threw " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new SpecException("workload class: cannot construct " + constructor.getDeclaringClass().getName()
                    + " (" + e + "); accepted: " + ACCEPTED);
        }
    }

    String name() {
        return constructor.getDeclaringClass().getName();
    }

    ClassLoader classLoader() {
        return constructor.getDeclaringClass().getClassLoader();
    }

    /** Child-first over the user's class path, parent-first for the JDK and fiberbench's API. */
    private static final class UserClassLoader extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        UserClassLoader(List<Path> classPath) {
            super("fiberbench-user", urls(classPath), UserClass.class.getClassLoader());
        }

        private static URL[] urls(List<Path> classPath) {
            URL[] urls = new URL[classPath.size()];
            for (int i = 0; i < urls.length; i++) {
                try {
                    urls[i] = classPath.get(i).toUri().toURL();
                } catch (MalformedURLException e) {
                    throw new SpecException("workload class: class path entry " + classPath.get(i) + " is not usable: " + e);
                }
            }
            return urls;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("java.") || name.startsWith(Workload.class.getPackageName() + ".")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        return super.loadClass(name, resolve);
                    }
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }

        @Override
        public URL getResource(String name) {
            URL own = findResource(name);
            return own != null ? own : super.getResource(name);
        }
    }
}
