package org.fiberbench.http;

import java.time.Duration;
import java.util.Objects;
import org.fiberbench.load.ClosedLoad;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.load.OpenLoad;
import org.fiberbench.spec.SpecException;

/**
 * A resolved {@code fiberbench load}: where, how (closed users or open rate), how long, with which client.
 *
 * @param load        {@code closed:users=N,...[,ramp=R]} or {@code open:rate=R,...}; its duration includes the warm-up
 * @param maxInFlight open model: requests beyond this many outstanding fail at once as {@code in_flight_limit}
 */
public record LoadOptions(HttpTarget target, LoadSpec load, HttpSender.Kind client, Buckets buckets, int maxInFlight) {
    public static final int DEFAULT_MAX_IN_FLIGHT = 10_000;
    public static final HttpSender.Kind DEFAULT_CLIENT = HttpSender.Kind.SOCKET;

    public LoadOptions {
        Objects.requireNonNull(target);
        Objects.requireNonNull(load);
        Objects.requireNonNull(client);
        Objects.requireNonNull(buckets);
        if (!(load instanceof ClosedLoad || load instanceof OpenLoad)) {
            throw new SpecException("load model '" + load + "' does not fit an HTTP load; accepted: closed:users=N,duration=D or open:rate=R,duration=D");
        }
        if (maxInFlight < 1) {
            throw new SpecException("max in flight " + maxInFlight + " must be >= 1");
        }
    }

    /** The load as the closed or open loop load it was checked to be. */
    public LoopLoad loop() {
        return (LoopLoad) load;
    }

    /** A scenario's load, on the default client, buckets and in-flight bound. */
    public LoadOptions(HttpTarget target, LoadSpec load) {
        this(target, load, DEFAULT_CLIENT, Buckets.DEFAULT, DEFAULT_MAX_IN_FLIGHT);
    }

    /**
     * Closed model: the users start evenly spread over this time (JMeter's ramp-up), from the load's own
     * {@code ramp=R}; zero (all at once) for an open load. One place holds it, so every engine ramps alike.
     */
    public Duration ramp() {
        return load instanceof ClosedLoad c ? c.ramp() : Duration.ZERO;
    }
}
