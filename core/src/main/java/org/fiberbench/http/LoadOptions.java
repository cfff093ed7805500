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
 * @param load        {@code closed:users=N,...} or {@code open:rate=R,...}; its duration includes the warm-up
 * @param ramp        closed model: users start evenly spread over this time (JMeter's ramp-up); zero = all at once
 * @param maxInFlight open model: requests beyond this many outstanding fail at once as {@code in_flight_limit}
 */
public record LoadOptions(HttpTarget target, LoadSpec load, HttpSender.Kind client, Buckets buckets, Duration ramp,
                          int maxInFlight) {
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
        if (ramp == null || ramp.isNegative() || ramp.compareTo(((LoopLoad) load).duration()) >= 0) {
            throw new SpecException("--ramp " + ramp + " must be >= 0 and shorter than --duration " + ((LoopLoad) load).duration());
        }
        if (maxInFlight < 1) {
            throw new SpecException("max in flight " + maxInFlight + " must be >= 1");
        }
    }

    /** The load as the closed or open loop load it was checked to be. */
    public LoopLoad loop() {
        return (LoopLoad) load;
    }

    /** A scenario's load: a closed load's own {@code ramp=R} is the ramp. */
    public LoadOptions(HttpTarget target, LoadSpec load) {
        this(target, load, DEFAULT_CLIENT, Buckets.DEFAULT, load instanceof ClosedLoad c ? c.ramp() : Duration.ZERO,
                DEFAULT_MAX_IN_FLIGHT);
    }
}
