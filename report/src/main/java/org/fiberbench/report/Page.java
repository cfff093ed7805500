package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The report page: a working HTML file kept as a resource, whose sample data between the markers
 * {@code /*model:*\/} and {@code /*:model*\/} is replaced by the run's data while streaming, the
 * way async-profiler fills {@code flame.html}. The same page draws a run and a comparison.
 */
final class Page {
    static final String RESOURCE = "report.html";
    static final String START = "/*model:*/";
    static final String END = "/*:model*/";
    private static final String[] PARTS = load();

    private Page() {
    }

    /** Writes the page with this model, atomically: a reader never sees half a report. */
    static Path write(Path out, JsonNode model) {
        Path file = out.toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            // a plain new file (not createTempFile, whose owner-only mode would stick to the report)
            Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            try (Writer w = new BufferedWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8), 1 << 16)) {
                w.write(PARTS[0]);
                w.write(START);
                Json.writeForScript(w, model);
                w.write(END);
                w.write(PARTS[1]);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
    }

    private static String[] load() {
        try (InputStream in = Page.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " missing from the report module");
            }
            String page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = page.indexOf(START);
            int end = page.indexOf(END, start);
            if (start < 0 || end < 0) {
                throw new IllegalStateException("resource " + RESOURCE + " lacks the " + START + " ... " + END + " markers");
            }
            return new String[] {page.substring(0, start), page.substring(end + END.length())};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
