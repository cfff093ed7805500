package org.fiberbench.orderbook;

import java.nio.file.Path;

/** Feeds a {@link CommandLog} to a book. */
public final class Replay {
    private Replay() {
    }

    /**
     * Applies the first {@code count} commands of the log, going round it again when {@code count}
     * exceeds its size. Each round shifts every id past the log's largest one, so that the repeated
     * commands are new orders instead of rejected duplicates.
     */
    public static void run(CommandLog log, OrderBook book, EventSink sink, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("count " + count + " must be >= 0");
        }
        int size = log.size();
        if (size == 0) {
            if (count > 0) {
                throw new IllegalArgumentException("cannot replay " + count + " commands from an empty log");
            }
            return;
        }
        long span = log.maxId() + 1;
        long offset = 0;
        for (long done = 0; done < count; offset += span) {
            int n = (int) Math.min(size, count - done);
            for (int i = 0; i < n; i++) {
                log.apply(i, offset, book, sink);
            }
            done += n;
        }
    }

    /** Replays the whole log once on a new book of {@code kind} and writes its events to {@code events}, atomically. */
    public static void toFile(CommandLog log, BookKind kind, Path events) {
        AtomicFiles.write(events, out -> run(log, kind.newBook(), new EventWriter(out), log.size()));
    }
}
