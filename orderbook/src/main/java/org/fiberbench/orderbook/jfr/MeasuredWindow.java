package org.fiberbench.orderbook.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A Flight Recorder event spanning the measured part of a benchmark fork (one replay, one latency
 * run). Reading the file, warming up and writing results happen outside it, so {@link JfrSummary}
 * counts only the samples, allocations and pauses inside these windows, as the seed does by
 * selecting the measured range in Mission Control. Costs nothing when no recording runs.
 */
@Name(MeasuredWindow.NAME)
@Label("fiberbench measured window")
@Category("fiberbench")
@Description("The measured part of an order book benchmark; the summary counts only events inside it")
@StackTrace(false)
public final class MeasuredWindow extends Event {
    static final String NAME = "org.fiberbench.MeasuredWindow";

    @Label("What is measured")
    String what;

    /** Starts a window; {@link #commit()} ends it. */
    public static MeasuredWindow open(String what) {
        MeasuredWindow w = new MeasuredWindow();
        w.what = what;
        w.begin();
        return w;
    }
}
