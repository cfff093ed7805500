package org.fiberbench.cli.orderbook;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.Generator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orderbook generate}: a deterministic volatile-market command file. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Write a deterministic command file (same options, same file).")
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--count", required = true, paramLabel = "N", description = "commands to write")
    long count;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "random seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--cancel-ratio", paramLabel = "R", defaultValue = "" + Generator.Options.DEFAULT_CANCEL_RATIO,
            description = "share of cancels, in [0, 1) (default ${DEFAULT-VALUE})")
    double cancelRatio;

    @Option(names = "--levels", paramLabel = "L", defaultValue = "" + Generator.Options.DEFAULT_LEVELS,
            description = "ticks over which passive orders spread behind the mid (default ${DEFAULT-VALUE})")
    int levels;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the command file to write")
    Path out;

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, () -> {
            CommandLog log = Generator.generate(new Generator.Options(count, seed, cancelRatio, levels));
            CommandCodec.write(log, out);
            spec.commandLine().getOut().printf("wrote %d commands to %s%n", log.size(), out);
            return 0;
        });
    }
}
