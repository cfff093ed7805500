package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every reader of results.json — {@code report}, {@code compare} (either side) and {@code profile
 * diff} — refuses a document of an unknown major format version in one line, exit status 2,
 * before reading anything else of it: a newer format may mean other things by the same keys.
 * The version is tried as a number (9.0) and as a string ("9.0"), as a future writer may put it.
 */
class FormatVersionTest {
    @TempDir
    Path tmp;

    private static Consumer<ObjectNode> version(String how) {
        return doc -> {
            if (how.equals("string")) {
                doc.put("format_version", "9.0");
            } else {
                doc.put("format_version", 9.0);
            }
        };
    }

    private static void assertRefused(CliRun r, Path run) {
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals("fiberbench: " + run.resolve("results.json")
                + ": format_version is 9.0, expected 1 (this fiberbench reads results.json format 1)", r.err().strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"number", "string"})
    void reportRefusesAnUnknownMajorVersion(String how) {
        Path run = RealRun.copy(tmp, "run", version(how));
        assertRefused(CliRun.of("report", run.toString()), run);
        assertFalse(Files.exists(run.resolve("report.html")), "nothing written");
    }

    @ParameterizedTest
    @ValueSource(strings = {"number", "string"})
    void compareRefusesAnUnknownMajorVersionOnEitherSide(String how) {
        Path known = RealRun.healthy(tmp, "known", doc -> { });
        Path future = RealRun.copy(tmp, "future", version(how));
        assertRefused(CliRun.of("compare", future.toString(), known.toString()), future);
        assertRefused(CliRun.of("compare", known.toString(), future.toString(), "--json"), future);
    }

    @ParameterizedTest
    @ValueSource(strings = {"number", "string"})
    void profileDiffRefusesAnUnknownMajorVersion(String how) {
        Path run = RealRun.copy(tmp, "run", version(how));
        assertRefused(CliRun.of("profile", "diff", run + ":01", run + ":02"), run);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.3"})
    void aMinorVersionWrittenAsAStringIsRead(String version) {
        Path run = RealRun.healthy(tmp, "run", doc -> doc.put("format_version", version));
        CliRun r = CliRun.of("report", run.toString());
        assertEquals(0, r.status(), r.err());
    }
}
