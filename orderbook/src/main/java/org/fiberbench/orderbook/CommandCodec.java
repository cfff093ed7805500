package org.fiberbench.orderbook;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The command file format, one command per line: {@code A,<id>,<B|S>,<price>,<qty>} adds a limit
 * order, {@code C,<id>} cancels one. Blank lines and lines starting with {@code #} are skipped.
 */
public final class CommandCodec {
    private static final String FORMAT = "expected A,<id>,<B|S>,<price>,<qty> or C,<id>";

    private CommandCodec() {
    }

    /** @throws IllegalArgumentException naming the file and line number of the first malformed line */
    public static CommandLog read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("input file " + file + " does not exist");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public static CommandLog read(Reader reader, String source) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        CommandLog.Builder log = CommandLog.builder();
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            try {
                parseLine(t, log);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + lineNo + ": " + e.getMessage());
            }
        }
        return log.build();
    }

    private static void parseLine(String line, CommandLog.Builder log) {
        String[] f = line.split(",", -1);
        if (f[0].equals("A") && f.length == 5) {
            log.add(id(f[1]), Side.parse(f[2]), Prices.parse(f[3]), quantity(f[4]));
        } else if (f[0].equals("C") && f.length == 2) {
            log.cancel(id(f[1]));
        } else {
            throw new IllegalArgumentException(FORMAT + ", got '" + line + "'");
        }
    }

    private static long id(String text) {
        try {
            long id = Long.parseLong(text);
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the accepted range
        }
        throw new IllegalArgumentException("id '" + text + "' is not an integer >= 0");
    }

    private static long quantity(String text) {
        try {
            long q = Long.parseLong(text);
            if (q > 0 && q <= Integer.MAX_VALUE) {
                return q;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the accepted range
        }
        throw new IllegalArgumentException("quantity '" + text + "' is not an integer in 1.." + Integer.MAX_VALUE);
    }

    /** Writes {@code log} to {@code file} atomically. */
    public static void write(CommandLog log, Path file) {
        AtomicFiles.write(file, out -> write(log, out));
    }

    public static void write(CommandLog log, Writer out) throws IOException {
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < log.size(); i++) {
            b.setLength(0);
            if (log.isAdd(i)) {
                b.append("A,").append(log.id(i)).append(',').append(log.side(i).code()).append(',');
                Prices.appendTo(b, log.price(i));
                b.append(',').append(log.quantity(i));
            } else {
                b.append("C,").append(log.id(i));
            }
            out.append(b).append('\n');
        }
    }
}
