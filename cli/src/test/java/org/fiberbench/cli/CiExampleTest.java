package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * The GitHub Actions job of docs/ci.md, run here as its steps run there: the commands are read from
 * the page (the baseline, the gated run, the comparison) and run as processes in a fresh working
 * directory, so the relative paths mean what they mean in a checkout.
 */
class CiExampleTest {
    private static final Path PAGE = Path.of("..", "docs", "ci.md").toAbsolutePath().normalize();

    @TempDir
    Path work;

    /** The page's first fenced {@code ./fiberbench NAME} command (continuations joined) whose words include {@code marker}. */
    private static List<String> command(String name, String marker) throws Exception {
        List<DocsMarkdown.Command> all = DocsMarkdown.commands("ci.md", Files.readString(PAGE));
        return all.stream().filter(c -> c.args().get(0).equals(name) && c.args().contains(marker)).findFirst()
                .orElseThrow(() -> new AssertionError("no command with " + marker + " in " + PAGE)).args();
    }

    private int fiberbench(List<String> args, String log) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.addAll(CliCapture.command(args.toArray(String[]::new)));
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve(log).toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "a step of the CI example took over 5 minutes");
        return p.exitValue();
    }

    @Test
    void theJobsCommandsRunAndGateLocally() throws Exception {
        List<String> baseline = command("run", ".ci/baseline");
        List<String> gated = command("run", "results/junit.xml");
        List<String> compare = command("compare", ".ci/baseline");
        assertEquals(0, fiberbench(baseline, "baseline.log"), Files.readString(work.resolve("baseline.log")));
        assertEquals(0, fiberbench(gated, "run.log"), Files.readString(work.resolve("run.log")));
        String run = Files.readString(work.resolve("run.log"), StandardCharsets.UTF_8);
        assertTrue(run.contains("thresholds: 0 of 6 failed"), run);
        assertEquals(0, fiberbench(compare, "compare.log"), Files.readString(work.resolve("compare.log")));
        for (String artefact : List.of("results/current/report.html", "results/current/results.json", "results/compare.html",
                "results/junit.xml")) {
            assertTrue(Files.isRegularFile(work.resolve(artefact)), "the job uploads " + artefact);
        }
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(work.resolve("results/junit.xml").toFile()).getDocumentElement();
        assertEquals("6", suite.getAttribute("tests"), "2 scenarios × 3 thresholds");
        assertEquals("0", suite.getAttribute("failures"));
    }
}
