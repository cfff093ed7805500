package org.fiberbench.jmeter;

/** Where a plan runs: the embedded fork or the agents. */
interface Runner {
    /** Runs the test to its end (or {@link #stop}, or the deadline), delivering every sample to {@code samples}. */
    void run(JMeterSamples samples, long deadlineNanos) throws Exception;

    /** Ends the test early (Ctrl-C); samples already sent are kept. */
    void stop();
}
