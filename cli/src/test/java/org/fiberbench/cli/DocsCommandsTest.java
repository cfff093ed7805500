package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fiberbench.cli.user.Samples;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * The docs cannot drift: every {@code ./fiberbench} command shown in README.md and docs/*.md still
 * parses ({@code run} commands are planned in-process with {@code --dry-run}), every relative link
 * lands on a file and heading of the repository, and the docs name experiments, not seed numbers.
 */
class DocsCommandsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Commands the launcher script handles itself, before the CLI. */
    private static final Set<String> LAUNCHER_ONLY = Set.of("test", "which-jdk");
    /** Not for users to type: {@code worker} is a process pool's forked JVM (pools.md shows it fed by printf). */
    private static final Set<String> INTERNAL = Set.of("help", "worker");

    static List<Path> pages() throws IOException {
        List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    private static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<DocsMarkdown.Command> documented() throws IOException {
        List<DocsMarkdown.Command> out = new ArrayList<>();
        for (Path page : pages()) {
            out.addAll(DocsMarkdown.commands(ROOT.relativize(page).toString(), read(page)));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandParses() throws IOException {
        return documented().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(DocsMarkdown.Command c) throws Exception {
        if (c.args().isEmpty() || LAUNCHER_ONLY.contains(c.args().get(0))) {
            String launcher = Files.readString(ROOT.resolve("fiberbench"));
            assertTrue(c.args().isEmpty() || launcher.contains("\"" + c.args().get(0) + "\" ]"), c + ": the launcher handles it");
            return;
        }
        if (c.args().get(0).equals("run")) {
            dryRun(c);
            return;
        }
        CommandLine cl = Main.commandLine();
        String[] args = c.args().toArray(String[]::new);
        if (c.error()) {
            assertThrows(CommandLine.ParameterException.class, () -> cl.parseArgs(args), c + " is shown failing");
        } else {
            cl.parseArgs(args);
        }
    }

    /** {@code run ... --dry-run} in this JVM: 0 and a printed plan, or 2 for a command shown failing. */
    private static void dryRun(DocsMarkdown.Command c) throws Exception {
        List<String> args = new ArrayList<>();
        for (String a : c.args()) { // the docs name the samples' jar from the repository's root; this JVM runs in cli/
            args.add(a.contains(Samples.JAR_IN_DOCS)
                    ? a.replace(Samples.JAR_IN_DOCS, Samples.jar(Files.createTempFile("fiberbench-samples", ".log")).toString()) : a);
        }
        if (!args.contains("--dry-run")) {
            args.add("--dry-run");
        }
        StringWriter err = new StringWriter();
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute(err, args.toArray(String[]::new));
        } finally {
            System.setOut(saved);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(c.error() ? 2 : 0, code, c + "\nstderr: " + err + "\nstdout: " + printed);
        if (!c.error()) {
            assertTrue(printed.startsWith("fiberbench: dry run of "), printed);
        }
    }

    @Test
    void theDocsShowEveryCommandOfTheCli() throws IOException {
        Set<String> shown = documented().stream().filter(c -> !c.args().isEmpty())
                .map(c -> c.args().get(0)).collect(Collectors.toSet());
        for (String command : Main.commandLine().getSubcommands().keySet()) {
            if (!INTERNAL.contains(command)) {
                assertTrue(shown.contains(command), "no fenced ./fiberbench " + command + " in README.md or docs/");
            }
        }
        assertTrue(documented().stream().anyMatch(DocsMarkdown.Command::error), "the docs show rejected input too");
    }

    @Test
    void splitsLikeTheShellAndReadsTheConventions() {
        String md = String.join("\n", "text ./fiberbench run -e nope", "```",
                "$ FOO=1 ./fiberbench run -e virtual \\", "    -w 'jdbc:query=\"select 1, 2\",via=offload'   # a comment",
                "fiberbench: output line", "./fiberbench orderbook replay --input cmds.csv [--impl naive|fast] --events e.csv; echo $?",
                "./fiberbench run -e platform:fixed=0   # error: out of range", "```");
        List<DocsMarkdown.Command> cs = DocsMarkdown.commands("x.md", md);
        assertEquals(4, cs.size(), cs.toString());
        assertEquals(List.of("run", "-e", "virtual", "-w", "jdbc:query=\"select 1, 2\",via=offload"), cs.get(0).args());
        assertEquals(3, cs.get(0).line());
        assertEquals(List.of("orderbook", "replay", "--input", "cmds.csv", "--events", "e.csv"), cs.get(1).args());
        assertEquals(List.of("orderbook", "replay", "--input", "cmds.csv", "--impl", "naive", "--events", "e.csv"), cs.get(2).args());
        assertFalse(cs.get(1).error());
        assertTrue(cs.get(3).error());
    }

    @Test
    void everyRelativeLinkLandsOnAFileAndHeadingOfTheRepository() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            for (String link : DocsMarkdown.links(read(page))) {
                String problem = problem(page, link);
                if (problem != null) {
                    broken.add(ROOT.relativize(page) + ": (" + link + ") " + problem);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    private static String problem(Path page, String link) {
        if (link.matches("[a-zA-Z][a-zA-Z+.-]*:.*")) {
            URI uri = URI.create(link);
            boolean local = uri.getHost() == null || uri.getHost().matches("localhost|127\\..*|10\\..*|192\\.168\\..*|.*\\.local");
            return "https".equals(uri.getScheme()) && !local ? null : "only https links to public sites may leave the repository";
        }
        int hash = link.indexOf('#');
        String file = hash < 0 ? link : link.substring(0, hash);
        Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!target.startsWith(ROOT) || file.startsWith("/")) {
            return "leaves the repository";
        }
        if (!Files.exists(target)) {
            return "no such file";
        }
        if (hash >= 0 && !DocsMarkdown.anchors(read(target)).contains(link.substring(hash + 1))) {
            return "no such heading in " + ROOT.relativize(target);
        }
        return null;
    }

    @Test
    void docsNameExperimentsAndKeepSeedNumbersToOrigins() throws IOException {
        Pattern seed = Pattern.compile("(?i)\\bseed(?:s)? ?0\\d\\d|\\bseed's|\\bthe seed\\b");
        for (Path page : pages()) {
            var m = seed.matcher(read(page));
            if (!page.getFileName().toString().equals("origins.md") && m.find()) {
                throw new AssertionError(ROOT.relativize(page) + " says '" + m.group() + "': name the experiment (see docs/origins.md)");
            }
        }
        String origins = read(ROOT.resolve("docs/origins.md"));
        for (String n : List.of("000", "001", "002", "003", "004")) {
            assertTrue(origins.contains("| " + n + " |"), "origins.md maps an experiment to seed " + n);
        }
    }

    @Test
    void readmeStaysAnEntrance() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= 250, "README.md has " + lines + " lines; topics belong in docs/");
    }
}
