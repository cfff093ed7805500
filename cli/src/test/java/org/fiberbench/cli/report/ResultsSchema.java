package org.fiberbench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** docs/results.schema.json, loaded by a JSON Schema 2020-12 validator (networknt): what a document breaks, one line per error. */
public final class ResultsSchema {
    static final Path FILE = Path.of("..", "docs", "results.schema.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Schema schema;

    private ResultsSchema() {
    }

    private static synchronized Schema schema() {
        if (schema == null) {
            try (InputStream in = Files.newInputStream(FILE)) {
                schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return schema;
    }

    static List<String> errors(JsonNode doc) {
        return schema().validate(doc).stream().map(Error::toString).toList();
    }

    public static List<String> errors(Path resultsJson) {
        try {
            return errors(JSON.readTree(resultsJson.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
