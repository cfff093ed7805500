package org.fiberbench.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The clients a task talks through (a connection pool, an offload executor), leased rather than
 * owned, so that two users in one JVM can run on one client. Off by default: each lease makes its
 * own client, and closing the lease closes it. With the system property {@value #PROPERTY} set to
 * {@code true}, leases with equal keys get one client, made by the first lease and closed when the
 * last one closes. calibrate's interleaved forks start so: the reference benchmark and fiberbench's
 * batch then query through one HikariCP pool and one offload executor, so what differs between the
 * two sides is the harness alone, not each side's own pool and executor, which hold a level of their
 * own for many batches (docs/calibration.md, "The offload pairs' shift").
 */
public final class SharedClients {
    /** System property: {@code true} to share clients with equal keys within the JVM. */
    public static final String PROPERTY = "fiberbench.shared-clients";

    /** Clients in use while sharing is on, by key; guarded by the class. */
    private static final Map<Object, Shared<?>> SHARED = new LinkedHashMap<>();

    private SharedClients() {
    }

    /** Whether this JVM shares clients ({@value #PROPERTY}); read at each lease. */
    public static boolean on() {
        return Boolean.getBoolean(PROPERTY);
    }

    /**
     * A client for {@code key}: the JVM's one for that key while sharing is on (made by {@code make}
     * when there is none), else a new one. {@code key} must be equal for clients that may stand in for
     * each other (same settings) and hold no secret; {@code what} names the client in {@link #inUse()}.
     */
    public static <T> Lease<T> lease(Object key, String what, Supplier<T> make, Consumer<T> close) {
        Objects.requireNonNull(key);
        if (!on()) {
            return new Lease<>(null, make.get(), close);
        }
        synchronized (SharedClients.class) {
            @SuppressWarnings("unchecked")
            Shared<T> s = (Shared<T>) SHARED.get(key);
            if (s == null) {
                s = new Shared<>(what, make.get());
                SHARED.put(key, s);
            }
            s.users++;
            return new Lease<>(key, s.client, close);
        }
    }

    /** The shared clients that more than one lease holds now, as {@code what (N users)}, in the order they were made. */
    public static synchronized List<String> inUse() {
        List<String> out = new ArrayList<>();
        SHARED.values().stream().filter(s -> s.users > 1).forEach(s -> out.add(s.what + " (" + s.users + " users)"));
        return out;
    }

    private static final class Shared<T> {
        final String what;
        final T client;
        int users;

        Shared(String what, T client) {
            this.what = what;
            this.client = client;
        }
    }

    /** One user's hold on a client; closing it closes the client unless another lease still holds it. Closing twice does nothing. */
    public static final class Lease<T> implements AutoCloseable {
        /** The shared client's key; null for a client of this lease's own. */
        private final Object key;
        private final T client;
        private final Consumer<T> close;
        private boolean closed;

        private Lease(Object key, T client, Consumer<T> close) {
            this.key = key;
            this.client = client;
            this.close = close;
        }

        public T get() {
            return client;
        }

        @Override
        public void close() {
            boolean last;
            synchronized (SharedClients.class) {
                if (closed) {
                    return;
                }
                closed = true;
                last = key == null || release(key);
            }
            if (last) {
                close.accept(client); // outside the lock: a pool or an executor may take seconds to close
            }
        }

        /** One user fewer of {@code key}'s client; true when that was the last. */
        private static boolean release(Object key) {
            Shared<?> s = SHARED.get(key);
            if (--s.users > 0) {
                return false;
            }
            SHARED.remove(key);
            return true;
        }
    }
}
