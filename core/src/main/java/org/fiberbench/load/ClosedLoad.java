package org.fiberbench.load;

import java.time.Duration;
import java.util.List;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * {@code closed:users=N,duration=D[,warmup=W][,ramp=R]}: N users each loop submit → wait. With a
 * ramp, user i starts at {@code R × i / N} instead of all at once (JMeter's ramp-up), so users whose
 * tasks take about the same time do not finish in step: in step, their completions land in clumps
 * that one-second throughput buckets split unevenly.
 */
public record ClosedLoad(int users, Duration duration, Duration warmup, Duration ramp) implements LoopLoad {
    static final LoadKind KIND = new LoadKind("closed", ClosedLoad.class, List.of("users", "duration", "warmup", "ramp"),
            "closed:users=100,duration=10s,warmup=2s",
            "N users each loop submit -> wait; never more than N tasks in flight; throughput and latency per task",
            ClosedLoad::parse);

    public ClosedLoad {
        if (users < 1 || users > MAX_USERS) {
            throw new SpecException("load closed: users " + users + " is not accepted; accepted: 1.." + MAX_USERS);
        }
        LoopWindow.check("closed", duration, warmup);
        if (ramp == null || ramp.isNegative() || ramp.compareTo(duration) >= 0) {
            throw new SpecException("load closed: ramp " + ramp + " is not accepted; accepted: >= 0 and shorter than duration");
        }
    }

    /** All users at once. */
    public ClosedLoad(int users, Duration duration, Duration warmup) {
        this(users, duration, warmup, Duration.ZERO);
    }

    static ClosedLoad parse(Spec s) {
        int users = (int) s.requiredLong("users", 1, MAX_USERS);
        Duration duration = LoopWindow.duration(s);
        Duration ramp = Duration.ZERO;
        if (s.has("ramp")) {
            ramp = Numbers.parseDuration(s.where("ramp"), s.required("ramp", "R (e.g. 1s)"));
            if (ramp.compareTo(duration) >= 0) {
                throw new SpecException(s.where("ramp") + ": " + Numbers.formatDuration(ramp)
                        + " must be shorter than duration " + Numbers.formatDuration(duration));
            }
        }
        return new ClosedLoad(users, duration, LoopWindow.warmup(s, duration), ramp);
    }

    @Override
    public String kind() {
        return KIND.id();
    }

    @Override
    public String canonical() {
        return "closed:users=" + users + LoopWindow.canonical(duration, warmup)
                + (ramp.isZero() ? "" : ",ramp=" + Numbers.formatDuration(ramp));
    }

    @Override
    public boolean open() {
        return false;
    }

    @Override
    public double rate() {
        return 0;
    }

    @Override
    public String timing() {
        return "closed";
    }

    @Override
    public LoadModel model(LoadModel.Setup setup) {
        return new ClosedLoadModel(setup, this);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
