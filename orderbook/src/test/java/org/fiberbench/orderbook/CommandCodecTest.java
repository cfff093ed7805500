package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandCodecTest {
    @TempDir
    Path dir;

    private static String text(CommandLog log) throws IOException {
        StringWriter w = new StringWriter();
        CommandCodec.write(log, w);
        return w.toString();
    }

    @Test
    void roundTripKeepsEveryCommand() throws IOException {
        CommandLog log = Generator.generate(new Generator.Options(5_000, 3, 0.4, 30));
        Path file = dir.resolve("c.csv");
        CommandCodec.write(log, file);
        CommandLog back = CommandCodec.read(file);
        assertEquals(log.size(), back.size());
        assertEquals(text(log), text(back));
    }

    @Test
    void skipsCommentsAndBlankLines() throws IOException {
        CommandLog log = CommandCodec.read(new StringReader("# header\n\nA,1,B,1.5,2\n  C,1  \n"), "t");
        assertEquals("A,1,B,1.50,2\nC,1\n", text(log));
    }

    @Test
    void acceptsZeroOneAndTwoDecimalPlaces() {
        assertEquals(1200, Prices.parse("12"));
        assertEquals(1230, Prices.parse("12.3"));
        assertEquals(1234, Prices.parse("12.34"));
        assertEquals("0.05", Prices.format(5));
    }

    private static String error(String input) {
        return assertThrows(IllegalArgumentException.class,
                () -> CommandCodec.read(new StringReader(input), "in.csv")).getMessage();
    }

    @Test
    void malformedLineNamesItsLineNumber() {
        String m = error("# c\nA,1,B,1.00,1\nX,2\n");
        assertTrue(m.startsWith("in.csv line 3: "), m);
    }

    @Test
    void rejectsThreeDecimalPlaces() {
        assertTrue(error("A,1,B,1.001,1\n").contains("price '1.001'"));
    }

    @Test
    void rejectsZeroPrice() {
        assertTrue(error("A,1,B,0.00,1\n").contains("price '0.00'"));
    }

    @Test
    void rejectsNonPositiveQuantity() {
        assertTrue(error("A,1,B,1.00,0\n").contains("quantity '0'"));
    }

    @Test
    void rejectsUnknownSide() {
        assertTrue(error("A,1,X,1.00,1\n").contains("side 'X'"));
    }

    @Test
    void rejectsNegativeId() {
        assertTrue(error("C,-4\n").contains("id '-4'"));
    }

    @Test
    void rejectsMissingFields() {
        assertTrue(error("A,1,B,1.00\n").contains("expected A,<id>"));
    }

    @Test
    void failedWriteLeavesNoFile() {
        Path out = dir.resolve("events.csv");
        assertThrows(IllegalStateException.class, () -> AtomicFiles.write(out, w -> {
            w.write("partial");
            throw new IllegalStateException("boom");
        }));
        assertFalse(Files.exists(out));
        assertEquals(0, dir.toFile().list().length);
    }

    @Test
    void acceptsAsciiDigitsOnly() {
        // Long.parseLong reads "１" (full width) and "١" (Arabic-Indic) as 1: the file format does not
        assertTrue(error("A,\uff11,B,10.00,5\n").contains("id '\uff11'"));
        assertTrue(error("C,\u0661\n").contains("id '\u0661'"));
        assertTrue(error("A,1,B,10.00,\uff15\n").contains("quantity '\uff15'"));
        assertTrue(error("A,1,B,\uff11.00,5\n").contains("price '\uff11.00'"));
        assertTrue(error("A,+1,B,10.00,5\n").contains("id '+1'"));
    }

    @Test
    void acceptsTheLargestId() throws IOException {
        CommandLog log = CommandCodec.read(new StringReader("C," + Long.MAX_VALUE + "\n"), "t");
        assertEquals(Long.MAX_VALUE, log.id(0));
        assertTrue(error("C,9223372036854775808\n").contains("is not an integer >= 0"));
    }

    @Test
    void binaryDataIsNamedAsSuchWithItsLine() throws IOException {
        Path f = dir.resolve("bin");
        Files.write(f, new byte[] {'C', ',', '1', '\n', 'C', ',', (byte) 0xc3, '\n', 0, 1, 2, '\n'});
        InputException e = assertThrows(InputException.class, () -> CommandCodec.read(f));
        assertTrue(e.getMessage().startsWith(f + " line 2: bytes that are not UTF-8"), e.getMessage());
    }

    @Test
    void aDirectoryOrAMissingFileIsBadInput() {
        assertTrue(assertThrows(InputException.class, () -> CommandCodec.read(dir)).getMessage().contains("is a directory"));
        assertTrue(assertThrows(InputException.class, () -> CommandCodec.read(dir.resolve("none"))).getMessage()
                .contains("does not exist"));
    }

    @Test
    void writingWhereNoFileCanBeIsBadInputAndRunsNothing() {
        boolean[] ran = {false};
        AtomicFiles.Body body = w -> ran[0] = true;
        assertTrue(assertThrows(InputException.class, () -> AtomicFiles.write(dir, body)).getMessage().contains("is a directory"));
        assertThrows(InputException.class, () -> AtomicFiles.write(Path.of("/proc/fiberbench-x.csv"), body));
        assertFalse(ran[0], "the body never ran");
    }
}
