package org.fiberbench.executor;

/**
 * The line protocol between the parent and a worker JVM, one ASCII line per message on the
 * worker's stdin and stdout. Text rather than binary: a task line is ~20 bytes, the cost that
 * matters is the pipe round trip, and a readable protocol can be debugged with {@code cat}.
 *
 * <pre>
 * parent → worker   W &lt;wid&gt; &lt;canonical workload spec&gt;   register a workload once per worker
 *                   T &lt;id&gt; &lt;wid&gt; &lt;seq&gt;                 run task seq of workload wid
 *                   P\tstart\t&lt;event&gt;\t&lt;library&gt;         start async-profiler (tab-separated: paths)
 *                   P\tstop\t&lt;collapsed&gt;\t&lt;flame&gt;        stop it and write both files
 *                   Q                                    drop the queued tasks, then as end of stdin
 *                   (end of stdin)                       run what is queued, close the workloads, exit
 * worker → parent   H &lt;pid&gt;                              ready
 *                   R &lt;id&gt; &lt;busyNanos&gt;                  task id succeeded
 *                   E &lt;id&gt; &lt;busyNanos&gt; &lt;message&gt;        task id failed (one line)
 *                   A &lt;ok [samples] | error: reason&gt;      answer to a P line
 * </pre>
 * A worker runs its tasks one at a time in arrival order, so results come back in the order the
 * tasks were sent; the id is a check, not a lookup key.
 */
final class WorkerProtocol {
    static final char WORKLOAD = 'W';
    static final char TASK = 'T';
    static final char HELLO = 'H';
    static final char RESULT = 'R';
    static final char ERROR = 'E';
    static final char PROFILE = 'P';
    static final char QUIT = 'Q';
    static final char ACK = 'A';

    private WorkerProtocol() {
    }

    /** Newlines would split a message in two; messages and specs are flattened to one line. */
    static String oneLine(String s) {
        return s == null ? "" : s.replace('\r', ' ').replace('\n', ' ');
    }
}
