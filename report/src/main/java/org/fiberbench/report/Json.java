package org.fiberbench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

/** Jackson set up once: reading input documents, and writing JSON that is safe inside a script element. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ArrayNode array() {
        return NODES.arrayNode();
    }

    /** Reads a JSON file; a bad file becomes one line naming it, for the CLI to print. */
    static JsonNode read(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new InputException("malformed JSON in " + file + ": " + firstLine(e.getOriginalMessage())
                    + " at line " + e.getLocation().getLineNr());
        } catch (IOException e) {
            throw new InputException("cannot read " + file + ": " + e.getMessage());
        }
    }

    static void writePretty(Path file, JsonNode node) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), node);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Writes compact JSON that can sit inside {@code <script>}: '<', '>' and '&' are escaped as
     * \\u003c ..., so no string in a result (a failure message, a stack frame) can close the element;
     * and '/' as \\/, so that no address a result names (an HTTP workload's URL) appears in the page as one.
     */
    static void writeForScript(Writer out, JsonNode node) throws IOException {
        try (JsonGenerator gen = MAPPER.getFactory().createGenerator(out)) {
            gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            gen.setCharacterEscapes(ScriptEscapes.INSTANCE);
            MAPPER.writeTree(gen, node);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static final class ScriptEscapes extends CharacterEscapes {
        static final ScriptEscapes INSTANCE = new ScriptEscapes();
        private final int[] table;

        private ScriptEscapes() {
            table = standardAsciiEscapesForJSON();
            table['<'] = ESCAPE_STANDARD;
            table['>'] = ESCAPE_STANDARD;
            table['&'] = ESCAPE_STANDARD;
            table['/'] = '/'; // a positive code is the character written after a backslash: \/
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return table;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
