package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Leases: a client of one's own by default; with sharing on, one client per key, closed by its last user. */
class SharedClientsTest {
    private final AtomicInteger made = new AtomicInteger();
    private final List<Object> closed = new ArrayList<>();

    private SharedClients.Lease<Object> lease(String key) {
        return SharedClients.lease(key, "client " + key, () -> "client-" + key + "-" + made.incrementAndGet(), closed::add);
    }

    @AfterEach
    void off() {
        System.clearProperty(SharedClients.PROPERTY);
    }

    @Test
    void offEachLeaseHasItsOwnClientClosedWithIt() {
        SharedClients.Lease<Object> a = lease("k");
        SharedClients.Lease<Object> b = lease("k");
        assertNotSame(a.get(), b.get());
        assertEquals(List.of(), SharedClients.inUse());
        a.close();
        assertEquals(List.of(a.get()), closed);
        a.close();
        assertEquals(1, closed.size(), "a second close does nothing");
        b.close();
        assertEquals(List.of(a.get(), b.get()), closed);
    }

    @Test
    void onLeasesOfOneKeyShareOneClientClosedByTheLastUser() {
        System.setProperty(SharedClients.PROPERTY, "true");
        SharedClients.Lease<Object> a = lease("k");
        SharedClients.Lease<Object> b = lease("k");
        SharedClients.Lease<Object> other = lease("j");
        assertSame(a.get(), b.get());
        assertNotSame(a.get(), other.get());
        assertEquals(2, made.get(), "one client per key");
        assertEquals(List.of("client k (2 users)"), SharedClients.inUse(), "a client with one user is not shared");
        a.close();
        a.close();
        assertEquals(List.of(), closed, "b still holds it, however often a closes");
        assertEquals(List.of(), SharedClients.inUse());
        b.close();
        assertEquals(List.of(b.get()), closed);
        other.close();
        assertEquals(List.of(b.get(), other.get()), closed);

        SharedClients.Lease<Object> again = lease("k");
        assertNotSame(b.get(), again.get(), "a key whose last user left gets a new client");
        again.close();
    }
}
