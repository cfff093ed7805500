package org.fiberbench.samples;

import java.io.InputStream;
import java.util.function.LongSupplier;
import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * A task that pins its carrier: it blocks for {@code ms} milliseconds inside a class initializer,
 * where a virtual thread cannot unmount on any JDK (JDK 24 stopped {@code synchronized} from
 * pinning, JEP 491; a class initializer, or a native frame on the stack, still pins). A class
 * initializes once per class loader, so each task loads a fresh copy of {@link Slow} in a loader of
 * its own. It shows fiberbench's pinning report naming your own code: run it on virtual threads
 * and the pinning table lists each pin with this class's {@code Slow.<clinit>} frame.
 *
 * <pre>
 * ./fiberbench run -e virtual -e platform:fixed=16 \
 *     -w class:name=org.fiberbench.samples.PinnedCarrier,jar=samples/target/fiberbench-samples.jar,ms=25 \
 *     -l batch:tasks=100
 * </pre>
 * Expect {@code pinned=} as many as the tasks of the measured iterations on {@code virtual} (a pin
 * counts when it lasts 20 ms or more: {@code --pinning-threshold}), none on platform threads, which
 * have no carrier, and virtual threads no faster than as many platform threads as cores: each
 * pinned task holds one of the few carriers for its 25 ms. Parameters: {@code ms} (default 25, 1..10000).
 */
public class PinnedCarrier implements Workload {
    private static final String SLOW = Slow.class.getName();
    private byte[] slowClass;
    private long ms;

    @Override
    public void check(Parameters parameters) {
        ms(parameters);
    }

    private static long ms(Parameters parameters) {
        long ms = parameters.longValue("ms", 25);
        if (ms < 1 || ms > 10_000) {
            throw new ParameterException("parameter ms=" + ms + " is out of range; accepted: 1..10000");
        }
        return ms;
    }

    @Override
    public void setUp(Parameters parameters) throws Exception {
        ms = ms(parameters);
        try (InputStream in = PinnedCarrier.class.getResourceAsStream("PinnedCarrier$Slow.class")) {
            slowClass = in.readAllBytes();
        }
    }

    @Override
    public Object run() throws Exception {
        long t0 = System.nanoTime();
        Class<?> c = Class.forName(SLOW, true, new OneClass(PinnedCarrier.class.getClassLoader(), slowClass, ms));
        long took = (System.nanoTime() - t0) / 1_000_000;
        if (took < ms - 1) {
            throw new IllegalStateException("the initializer took " + took + " ms, expected >= " + ms);
        }
        return c;
    }

    /** Its static initializer sleeps as long as its loader says: the pinning frame. */
    public static final class Slow {
        static {
            try {
                Thread.sleep(((LongSupplier) Slow.class.getClassLoader()).getAsLong());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private Slow() {
        }
    }

    /** Defines {@link Slow} itself, once; every other class comes from the parent. */
    private static final class OneClass extends ClassLoader implements LongSupplier {
        private final byte[] bytes;
        private final long ms;

        OneClass(ClassLoader parent, byte[] bytes, long ms) {
            super(parent);
            this.bytes = bytes;
            this.ms = ms;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(SLOW)) {
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
