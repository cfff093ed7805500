package org.fiberbench.cli.orderbook;

import picocli.CommandLine.Command;

/** {@code fiberbench orderbook ...}: seed 002's order book and its benchmarks. */
@Command(name = "orderbook", mixinStandardHelpOptions = true,
        description = "The order book experiment: generate and replay command files, measure throughput, "
                + "open-loop latency and JMH micro-benchmarks of the naive and fast books.",
        subcommands = {GenerateCommand.class, ReplayCommand.class, ThroughputCommand.class, LatencyCommand.class,
            MicroCommand.class})
public final class OrderbookCommand {
}
