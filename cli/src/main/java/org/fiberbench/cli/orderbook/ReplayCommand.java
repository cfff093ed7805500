package org.fiberbench.cli.orderbook;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.Replay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orderbook replay}: every event of a command file, one line each. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay a command file on a new book and write its events, one line each.")
final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "command file (A,id,B|S,price,qty / C,id)")
    Path input;

    @Option(names = "--impl", defaultValue = "fast", paramLabel = "IMPL", description = "naive or fast (default ${DEFAULT-VALUE})")
    String impl;

    @Option(names = "--events", required = true, paramLabel = "OUT", description = "events file to write")
    Path events;

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, () -> {
            BookKind kind = Runs.impls(List.of(impl)).get(0);
            CommandLog log = CommandCodec.read(input);
            long start = System.nanoTime();
            Replay.toFile(log, kind, events);
            double s = (System.nanoTime() - start) / 1e9;
            spec.commandLine().getOut().printf("replayed %d commands on %s in %.3f s; events in %s%n",
                    log.size(), kind.label(), s, events);
            return 0;
        });
    }
}
