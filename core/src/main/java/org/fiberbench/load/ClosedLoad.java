package org.fiberbench.load;

import java.time.Duration;
import java.util.List;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/** {@code closed:users=N,duration=D[,warmup=W]}: N users each loop submit → wait. */
public record ClosedLoad(int users, Duration duration, Duration warmup) implements LoopLoad {
    static final LoadKind KIND = new LoadKind("closed", ClosedLoad.class, List.of("users", "duration", "warmup"),
            "closed:users=100,duration=10s,warmup=2s",
            "N users each loop submit -> wait; never more than N tasks in flight; throughput and latency per task",
            ClosedLoad::parse);

    public ClosedLoad {
        if (users < 1 || users > MAX_USERS) {
            throw new SpecException("load closed: users " + users + " is not accepted; accepted: 1.." + MAX_USERS);
        }
        LoopWindow.check("closed", duration, warmup);
    }

    static ClosedLoad parse(Spec s) {
        int users = (int) s.requiredLong("users", 1, MAX_USERS);
        Duration duration = LoopWindow.duration(s);
        return new ClosedLoad(users, duration, LoopWindow.warmup(s, duration));
    }

    @Override
    public String kind() {
        return KIND.id();
    }

    @Override
    public String canonical() {
        return "closed:users=" + users + LoopWindow.canonical(duration, warmup);
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
