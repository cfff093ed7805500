package org.fiberbench.workload;

/** A test's own workload from a name and a task body, instead of an anonymous class each time. */
public final class TestWorkload {

    /** The task: what {@link Workload#run} does with each task number. */
    @FunctionalInterface
    public interface Body {
        void run(long seq) throws Exception;
    }

    private TestWorkload() {
    }

    public static Workload of(String spec, Body body) {
        return new Workload() {
            @Override
            public String spec() {
                return spec;
            }

            @Override
            public void run(long seq) throws Exception {
                body.run(seq);
            }
        };
    }
}
