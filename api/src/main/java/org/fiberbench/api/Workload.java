package org.fiberbench.api;

/**
 * One task of your own code, for fiberbench to run on every executor (virtual threads, platform
 * pools, ForkJoinPool, worker processes) and under every load model (batch, closed, open).
 * Name the class in a workload spec: {@code class:name=com.acme.ParseOrder,jar=target/acme.jar}.
 *
 * <p><b>Lifecycle.</b> fiberbench makes one instance per JVM that runs tasks (each scenario's
 * fork, and each worker JVM of a {@code process:workers=N} pool) with the public no-argument
 * constructor, then calls, outside anything it measures:
 * <ol>
 *   <li>{@link #check(Parameters)} — once, in the parent process, on an instance of its own,
 *       before any fork starts: read and validate the parameters here, acquire nothing;</li>
 *   <li>{@link #setUp(Parameters)} — once per JVM, before the first task;</li>
 *   <li>{@link #run()} — once per task, timed, from many threads at once;</li>
 *   <li>{@link #validate()} then {@link #tearDown()} — once per JVM, after the last task.</li>
 * </ol>
 *
 * <p><b>Thread-safety.</b> {@link #run()} is called concurrently from as many threads as the
 * executor has (thousands of virtual threads, for instance) and must be safe for that; state
 * shared between tasks must be thread-safe or confined to one task. The other methods are called
 * by one thread, never concurrently with {@code run()}: what {@code setUp} writes is visible to
 * every task, and what tasks wrote is visible to {@code validate} and {@code tearDown}.
 *
 * <p><b>Failures.</b> An exception from {@code run()} is a failed task, counted with its message:
 * a closed or open load counts it among its errors and goes on; a batch whose task failed is not
 * scored, so a batch scenario fails with the first message. An exception from {@code setUp}
 * fails that scenario with its message; the run goes on with the next scenario and exits with
 * status 1 at its end. An exception from {@code validate} or {@code tearDown} is a warning on the
 * scenario: its figures stand. A {@link ParameterException} from {@code check} stops the run
 * before it starts, with the exception's one-line message and exit status 2.
 *
 * <p><b>Results.</b> Return what the task computed: fiberbench consumes the returned object
 * so the JIT compiler cannot prove the work useless and remove it (the dead-code trap of
 * micro-benchmarks). Return {@code null} only when the work has an effect outside the JVM.
 */
public interface Workload {

    /**
     * Checks the parameters before any fork starts: reads each one with a typed getter of
     * {@link Parameters}, so a bad value stops the run at once with a one-line message. Called in
     * the parent process on an instance that is then discarded: it must not open connections,
     * files or threads. The default accepts any parameters.
     *
     * @param parameters the spec's keys other than {@code name} and {@code jar}, as given
     * @throws ParameterException when a parameter is missing or its value is not accepted
     */
    default void check(Parameters parameters) {
    }

    /**
     * Prepares what the tasks share (a connection pool, a parsed document, a client), once per
     * JVM before the first task; not measured.
     *
     * @param parameters the spec's keys other than {@code name} and {@code jar}, as given
     * @throws Exception to fail the scenario with this exception's message
     */
    default void setUp(Parameters parameters) throws Exception {
    }

    /**
     * Runs one task; measured. Called concurrently from many threads (see the class comment).
     *
     * @return what the task computed, consumed by fiberbench so the work cannot be optimised away;
     *         {@code null} when the task has no result
     * @throws Exception to count this task as failed, with the exception's message
     */
    Object run() throws Exception;

    /**
     * Checks, after the last task, what the tasks did as a whole (rows written, a checksum),
     * as a benchmark suite validates its results outside the timed region; not measured.
     *
     * @throws Exception to put a warning with this exception's message on the scenario
     */
    default void validate() throws Exception {
    }

    /**
     * Releases what {@link #setUp} made, once per JVM after {@link #validate()}; not measured.
     *
     * @throws Exception to put a warning with this exception's message on the scenario
     */
    default void tearDown() throws Exception {
    }
}
