package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's help renders as written: picocli warns (and prints raw text) when a description has a stray '%'. */
class HelpTextTest {
    @Test
    void everyHelpPrintsWithoutPicocliWarnings() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int commands = 0;
        try {
            for (CommandLine cl : all(Main.commandLine())) {
                assertTrue(cl.getUsageMessage().contains("Usage:"), cl.getCommandName());
                commands++;
            }
        } finally {
            System.setErr(saved);
        }
        assertTrue(commands > 10, "walked " + commands + " commands");
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpNamesExperimentsNotSeedNumbers() {
        java.util.regex.Pattern seed = java.util.regex.Pattern.compile("(?i)\\bseed\\s*0\\d\\d|\\bseed's|\\bthe seed\\b");
        for (CommandLine cl : all(Main.commandLine())) {
            var m = seed.matcher(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
            if (m.find()) {
                throw new AssertionError(cl.getCommandSpec().qualifiedName() + " --help says '" + m.group()
                        + "': users have not read the write-ups; name the experiment");
            }
        }
    }

    private static List<CommandLine> all(CommandLine root) {
        List<CommandLine> out = new ArrayList<>(List.of(root));
        for (CommandLine sub : root.getSubcommands().values()) {
            if (!out.contains(sub)) {
                out.addAll(all(sub));
            }
        }
        return out;
    }
}
