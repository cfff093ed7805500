package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What the orderbook command tests share: the commands run through their own CommandLine, output kept, in a temporary folder. */
abstract class OrderbookCliTest {
    @TempDir
    Path dir;

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        CommandLine cl = new CommandLine(new OrderbookCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** {@code count} generated commands (seed 9), in a file of the folder. */
    Path generate(int count) {
        return generate(count, 9);
    }

    Path generate(int count, long seed) {
        Path f = dir.resolve("cmds-" + count + "-" + seed + ".csv");
        assertEquals(0, run("generate", "--count", "" + count, "--seed", "" + seed, "--out", f.toString()), err.toString());
        return f;
    }
}
