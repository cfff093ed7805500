package org.fiberbench.load;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * {@code open:rate=R,duration=D[,warmup=W][,arrival=poisson]}: R tasks per second on a fixed
 * schedule whatever the system does; latency counts from each task's intended start.
 *
 * @param poisson exponential inter-arrival times instead of uniform spacing
 */
public record OpenLoad(double rate, Duration duration, Duration warmup, boolean poisson) implements LoopLoad {
    static final LoadKind KIND = new LoadKind("open", OpenLoad.class, List.of("rate", "duration", "warmup", "arrival"),
            "open:rate=1000,duration=10s,warmup=2s,arrival=poisson",
            "R tasks/s started on a fixed schedule (arrival=uniform, default, or poisson) whatever the system does;"
                    + " latency from each task's intended start (corrected) beside its service time",
            OpenLoad::parse);

    public OpenLoad {
        if (!(rate > 0 && rate <= MAX_RATE)) {
            throw new SpecException("load open: rate " + rate + " is not accepted; accepted: > 0 and <= " + MAX_RATE);
        }
        LoopWindow.check("open", duration, warmup);
    }

    static OpenLoad parse(Spec s) {
        double rate = Numbers.parseDouble(s.where("rate"), s.required("rate", "R (tasks per second)"), 0, MAX_RATE);
        Duration duration = LoopWindow.duration(s);
        Duration warmup = LoopWindow.warmup(s, duration);
        String arrival = s.string("arrival", "uniform").toLowerCase(Locale.ROOT);
        if (!arrival.equals("uniform") && !arrival.equals("poisson")) {
            throw new SpecException(s.where("arrival") + ": '" + arrival + "' is not accepted; accepted: uniform, poisson");
        }
        return new OpenLoad(rate, duration, warmup, arrival.equals("poisson"));
    }

    /** The same load at another rate: how a rate sweep makes its points. */
    public OpenLoad withRate(double newRate) {
        return new OpenLoad(newRate, duration, warmup, poisson);
    }

    @Override
    public String kind() {
        return KIND.id();
    }

    @Override
    public String canonical() {
        return "open:rate=" + formatRate(rate) + LoopWindow.canonical(duration, warmup) + (poisson ? ",arrival=poisson" : "");
    }

    private static String formatRate(double r) {
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }

    @Override
    public boolean open() {
        return true;
    }

    @Override
    public int users() {
        return 0;
    }

    @Override
    public String timing() {
        return poisson ? "poisson" : "uniform";
    }

    @Override
    public LoadModel model(LoadModel.Setup setup) {
        return new OpenLoadModel(setup, duration, warmup, t0 -> new OpenLoadModel.Schedule(t0, rate, poisson, setup.seed()));
    }

    @Override
    public String toString() {
        return canonical();
    }
}
