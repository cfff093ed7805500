package org.fiberbench.executor;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.concurrent.Executor;
import org.fiberbench.spec.SpecException;

/**
 * Virtual-thread builders bound to a custom scheduler. The JDK keeps this API internal except in
 * builds that publish {@code Thread.Builder.OfVirtual.scheduler(Executor)} (Kona); on stock JDK
 * 21+ the package-private {@code java.lang.ThreadBuilders$VirtualThreadBuilder(Executor)}
 * constructor does the same, given {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 */
public final class VirtualThreads {
    private static final Method PUBLIC_SCHEDULER = findPublicScheduler();
    private static final Constructor<?> INTERNAL_BUILDER = PUBLIC_SCHEDULER != null ? null : findInternalBuilder();

    private VirtualThreads() {
    }

    /** "public" (scheduler method), "internal" (reflection) or "unavailable". */
    public static String mechanism() {
        return PUBLIC_SCHEDULER != null ? "public" : INTERNAL_BUILDER != null ? "internal" : "unavailable";
    }

    static void requireCustomSchedulers() {
        if (PUBLIC_SCHEDULER == null && INTERNAL_BUILDER == null) {
            throw new SpecException("custom virtual-thread schedulers are unavailable on this JDK ("
                    + Runtime.version() + "): it has neither Thread.Builder.OfVirtual.scheduler(Executor) nor an "
                    + "accessible ThreadBuilders$VirtualThreadBuilder(Executor); run with "
                    + "--add-opens java.base/java.lang=ALL-UNNAMED, or use scheduler=default");
        }
    }

    /** A builder whose virtual threads run on {@code scheduler}. */
    public static Thread.Builder.OfVirtual builder(Executor scheduler) {
        requireCustomSchedulers();
        try {
            if (PUBLIC_SCHEDULER != null) {
                return (Thread.Builder.OfVirtual) PUBLIC_SCHEDULER.invoke(Thread.ofVirtual(), scheduler);
            }
            return (Thread.Builder.OfVirtual) INTERNAL_BUILDER.newInstance(scheduler);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not make a virtual-thread builder with a custom scheduler", e);
        }
    }

    private static Method findPublicScheduler() {
        try {
            return Thread.Builder.OfVirtual.class.getMethod("scheduler", Executor.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Constructor<?> findInternalBuilder() {
        try {
            Class<?> c = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
            Constructor<?> k = c.getDeclaredConstructor(Executor.class);
            k.setAccessible(true);
            return k;
        } catch (ReflectiveOperationException | RuntimeException e) {
            // InaccessibleObjectException without --add-opens: reported by requireCustomSchedulers()
            return null;
        }
    }

    /** Validates a user scheduler class: on the classpath, an Executor, constructible. */
    static void checkSchedulerClass(String name) {
        Class<?> c;
        try {
            c = Class.forName(name);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new SpecException("executor scheduler class '" + name + "' is not on the classpath (add its directory or jar with FIBERBENCH_CLASSPATH=...); accepted: default, forkjoin, fixed, or an Executor class");
        }
        if (!Executor.class.isAssignableFrom(c)) {
            throw new SpecException("executor scheduler class '" + name + "' does not implement java.util.concurrent.Executor");
        }
        if (findConstructor(c, int.class) == null && findConstructor(c) == null) {
            throw new SpecException("executor scheduler class '" + name + "' needs a public (int carriers) or no-argument constructor");
        }
    }

    /** Instantiates a user scheduler: the (int carriers) constructor first, then the no-argument one. */
    static Executor newSchedulerInstance(String name, int carriers) {
        try {
            Class<?> c = Class.forName(name);
            Constructor<?> withCarriers = findConstructor(c, int.class);
            Object o = withCarriers != null ? withCarriers.newInstance(carriers) : findConstructor(c).newInstance();
            return (Executor) o;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not create scheduler " + name, e);
        }
    }

    private static Constructor<?> findConstructor(Class<?> c, Class<?>... params) {
        try {
            return c.getConstructor(params);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
