package org.fiberbench.executor;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.fiberbench.executor.ExecutorSpec.Scheduler;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * The scheduler of a virtual-thread executor: the JDK's, or one fiberbench makes with a carrier
 * count that the canonical form always writes out.
 *
 * @param kind      DEFAULT, FORKJOIN, FIXED or CLASS
 * @param className the Executor class when kind is CLASS (else null)
 * @param carriers  the carriers of a custom scheduler (0 for DEFAULT)
 */
public record VirtualScheduler(Scheduler kind, String className, int carriers) {
    public static final VirtualScheduler DEFAULT = new VirtualScheduler(Scheduler.DEFAULT, null, 0);

    public VirtualScheduler {
        Objects.requireNonNull(kind);
        if ((kind == Scheduler.CLASS) != (className != null)) {
            throw new SpecException("a scheduler class goes with scheduler=CLASS only; got " + kind + " and " + className);
        }
        if (kind == Scheduler.DEFAULT ? carriers != 0 : carriers < 1 || carriers > ExecutorSpec.MAX_CARRIERS) {
            throw new SpecException("scheduler " + kind + " with " + carriers + " carriers; accepted: 1.."
                    + ExecutorSpec.MAX_CARRIERS + " carriers with a custom scheduler, none with the JDK's");
        }
    }

    /** The {@code scheduler} and {@code carriers} keys of a virtual or virtual-pool spec. */
    static VirtualScheduler parse(Spec s) {
        String name = s.string("scheduler", "default");
        Scheduler kind;
        String cls = null;
        switch (name.toLowerCase(Locale.ROOT)) {
            case "default" -> kind = Scheduler.DEFAULT;
            case "forkjoin" -> kind = Scheduler.FORKJOIN;
            case "fixed" -> kind = Scheduler.FIXED;
            default -> {
                if (!name.contains(".")) {
                    throw new SpecException(s.where("scheduler") + ": '" + name
                            + "' is not accepted; accepted: default, forkjoin, fixed, or a fully qualified Executor class name");
                }
                kind = Scheduler.CLASS;
                cls = name;
                VirtualThreads.checkSchedulerClass(cls);
            }
        }
        if (kind == Scheduler.DEFAULT && s.has("carriers")) {
            throw new SpecException(s.where("carriers") + ": carriers needs a custom scheduler; accepted: scheduler=forkjoin|fixed|CLASS with carriers=N");
        }
        if (kind == Scheduler.DEFAULT) {
            return DEFAULT;
        }
        int carriers = s.intValue("carriers", ExecutorSpec.cpus(), 1, ExecutorSpec.MAX_CARRIERS);
        VirtualThreads.requireCustomSchedulers();
        return new VirtualScheduler(kind, cls, carriers);
    }

    public boolean isDefault() {
        return kind == Scheduler.DEFAULT;
    }

    /** This scheduler on {@code n} carriers, checked as {@code executorKind}'s key; the JDK's own has no carrier count to set. */
    Optional<VirtualScheduler> withCarriers(String executorKind, int n) {
        if (isDefault()) {
            return Optional.empty();
        }
        return Optional.of(new VirtualScheduler(kind, className,
                ExecutorSpec.inRange(executorKind, "carriers", n, ExecutorSpec.MAX_CARRIERS)));
    }

    /** {@code SEP scheduler=NAME,carriers=N}, or nothing for the JDK's scheduler. */
    String suffix(String sep, Object carriersText) {
        if (isDefault()) {
            return "";
        }
        String name = kind == Scheduler.CLASS ? className : kind.name().toLowerCase(Locale.ROOT);
        return sep + "scheduler=" + name + ",carriers=" + carriersText;
    }
}
