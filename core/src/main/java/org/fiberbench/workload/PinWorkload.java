package org.fiberbench.workload;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongSupplier;
import org.fiberbench.spec.Spec;

/**
 * Pins on purpose: each task sleeps N ms inside a class initializer, which holds the carrier of
 * a virtual thread on every JDK (JDK 24 unpinned {@code synchronized}, not {@code <clinit>}).
 * A class initializes once per class loader, so each task defines a fresh copy of
 * {@link Initializer} in its own one-class loader. A self-check for the pinning report, not a
 * workload to compare executors with.
 */
final class PinWorkload implements Workload {
    static final long MAX_MS = 10_000;
    private static final String INITIALIZER = Initializer.class.getName();
    private final long ms;
    private final byte[] initializer;

    PinWorkload(Spec s) {
        this.ms = s.requiredLong("ms", 1, MAX_MS);
        String file = INITIALIZER.substring(INITIALIZER.lastIndexOf('.') + 1) + ".class";
        try (InputStream in = PinWorkload.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("class file " + file + " not found");
            }
            this.initializer = in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    static String canonical(Spec s) {
        return "pin:ms=" + s.requiredLong("ms", 1, MAX_MS);
    }

    @Override
    public String spec() {
        return "pin:ms=" + ms;
    }

    @Override
    public void run(long seq) throws Exception {
        long t0 = System.nanoTime();
        Class.forName(INITIALIZER, true, new OneClassLoader(PinWorkload.class.getClassLoader(), initializer, ms));
        long took = (System.nanoTime() - t0) / 1_000_000;
        if (took < ms - 1) {
            throw new IllegalStateException("pin task took " + took + " ms, expected >= " + ms + " ms in the initializer");
        }
    }

    /** Its static initializer blocks for as long as its defining loader says. */
    static final class Initializer {
        static {
            long ms = ((LongSupplier) Initializer.class.getClassLoader()).getAsLong();
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private Initializer() {
        }
    }

    /** Defines {@link Initializer} itself (child-first), everything else comes from the parent. */
    private static final class OneClassLoader extends ClassLoader implements LongSupplier {
        private final byte[] bytes;
        private final long ms;

        OneClassLoader(ClassLoader parent, byte[] bytes, long ms) {
            super(parent);
            this.bytes = bytes;
            this.ms = ms;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(INITIALIZER)) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = findLoadedClass(name);
            return c != null ? c : defineClass(name, bytes, 0, bytes.length);
        }

        @Override
        public long getAsLong() {
            return ms;
        }
    }
}
