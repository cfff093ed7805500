package org.fiberbench.executor;

import java.util.Optional;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A validated executor spec: one record per kind, each owning its parsing, its canonical form and
 * the {@link TaskExecutor} it creates. {@link #canonical()} is the form used in results and
 * tables: the resolved carrier count is always written out for custom schedulers, so two runs on
 * machines with different CPU counts never look like the same scenario. Variants are derived with
 * {@link #with} (or {@link #withWorkers}, {@link #withCarriers}, {@link #withThreads}), never by
 * editing the canonical text.
 */
public sealed interface ExecutorSpec
        permits InlineExecutorSpec, OnVirtualThreads, PlatformExecutorSpec, ForkJoinExecutorSpec, ProcessExecutorSpec {

    /** Upper bounds that keep a typo from starting a million OS threads. */
    int MAX_CARRIERS = 10_000;
    int MAX_PLATFORM_THREADS = 100_000;
    int MAX_VIRTUAL_POOL = 10_000_000;
    int MAX_WORKERS = 256;

    /** The schedulers virtual threads can run on: the JDK's, or one fiberbench makes (FORKJOIN, FIXED, a CLASS). */
    enum Scheduler { DEFAULT, FORKJOIN, FIXED, CLASS }

    static int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Parses {@code kind[:key=value,...]}, naming the bad part and what is accepted when it does not fit. */
    static ExecutorSpec parse(String text) {
        Spec s = Spec.parse("executor", text);
        ExecutorKind kind = ExecutorKind.of(s.kind());
        s.requireKeys(kind.keys());
        return kind.parse(s);
    }

    /** The kind, with its keys and example for {@code list executors}. */
    ExecutorKind kind();

    String canonical();

    /** The canonical form with the size a sweep varies written as {@code N} (the kind's sweep series). */
    String template();

    /** The number of carriers, threads or workers bounding parallelism, when the spec fixes one (else 0). */
    int parallelism();

    /** This spec with {@code axis} set to {@code n}; empty when this kind (or this spec) has no such axis. */
    Optional<ExecutorSpec> with(ExecutorAxis axis, int n);

    /** Makes a fresh executor; the caller closes it. */
    TaskExecutor create();

    /** True when tasks run on virtual threads. */
    default boolean isVirtual() {
        return this instanceof OnVirtualThreads;
    }

    default ExecutorSpec withWorkers(int n) {
        return vary(ExecutorAxis.WORKERS, n);
    }

    default ExecutorSpec withCarriers(int n) {
        return vary(ExecutorAxis.CARRIERS, n);
    }

    default ExecutorSpec withThreads(int n) {
        return vary(ExecutorAxis.THREADS, n);
    }

    private ExecutorSpec vary(ExecutorAxis axis, int n) {
        return with(axis, n).orElseThrow(() -> new SpecException("executor '" + canonical() + "' has no "
                + axis.id() + " to vary; " + axis.appliesTo()));
    }

    /** Fails unless {@code 1 <= value <= max}, with the message parsing gives for the same value. */
    static int inRange(String kind, String key, long value, long max) {
        if (value < 1 || value > max) {
            throw new SpecException("executor '" + kind + "' key '" + key + "': " + value
                    + " is out of range; accepted: 1.." + max);
        }
        return (int) value;
    }
}
