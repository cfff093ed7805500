package org.fiberbench.workload;

/** Does nothing: what remains is the cost of the harness and the executor. */
final class NoopWorkload implements Workload {
    @Override
    public String spec() {
        return "noop";
    }

    @Override
    public void run(long seq) {
    }
}
