package org.fiberbench.orderbook;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The command file format, one command per line: {@code A,<id>,<B|S>,<price>,<qty>} adds a limit
 * order, {@code C,<id>} cancels one. Blank lines and lines starting with {@code #} are skipped.
 */
public final class CommandCodec {
    private static final String FORMAT = "expected A,<id>,<B|S>,<price>,<qty> or C,<id>";

    private CommandCodec() {
    }

    /**
     * @throws InputException naming the file, and the line number of the first malformed line; or
     *         why the file cannot be read (missing, a directory, not readable)
     */
    public static CommandLog read(Path file) {
        if (Files.isDirectory(file)) {
            throw new InputException("input file " + file + " is a directory; accepted: a command file");
        }
        // decoding replaces bytes that are not UTF-8 (U+FFFD) instead of failing somewhere in a read-ahead
        // buffer, so that the line they are on can be named
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8))) {
            return read(in, file.toString());
        } catch (NoSuchFileException e) {
            throw new InputException("input file " + file + " does not exist");
        } catch (AccessDeniedException e) {
            throw new InputException("cannot read input file " + file + ": permission denied");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** @throws InputException naming {@code source} and the line number of the first malformed line */
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
                checkText(t);
                parseLine(t, log);
            } catch (InputException e) {
                throw new InputException(source + " line " + lineNo + ": " + e.getMessage());
            }
        }
        return log.build();
    }

    /** Control characters or bytes that are not UTF-8: a binary file, said as such rather than echoed. */
    private static void checkText(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f || c == '\uFFFD') {
                throw new InputException(String.format(Locale.ROOT, "%s at column %d: binary data, not a command file; %s",
                        c == '\uFFFD' ? "bytes that are not UTF-8" : String.format(Locale.ROOT, "control character U+%04X", (int) c),
                        i + 1, FORMAT));
            }
        }
    }

    private static void parseLine(String line, CommandLog.Builder log) {
        String[] f = line.split(",", -1);
        if (f[0].equals("A") && f.length == 5) {
            log.add(id(f[1]), Side.parse(f[2]), Prices.parse(f[3]), quantity(f[4]));
        } else if (f[0].equals("C") && f.length == 2) {
            log.cancel(id(f[1]));
        } else {
            String shown = line.length() > 80 ? line.substring(0, 80) + "..." : line;
            throw new InputException(FORMAT + ", got '" + shown + "'");
        }
    }

    private static long id(String text) {
        long id = asciiNumber(text);
        if (id < 0) {
            throw new InputException("id '" + text + "' is not an integer >= 0 (ASCII digits)");
        }
        return id;
    }

    private static long quantity(String text) {
        long q = asciiNumber(text);
        if (q <= 0 || q > Integer.MAX_VALUE) {
            throw new InputException("quantity '" + text + "' is not an integer in 1.." + Integer.MAX_VALUE + " (ASCII digits)");
        }
        return q;
    }

    /**
     * The value of a run of ASCII digits, or -1. Long.parseLong alone is not enough: it reads any
     * Unicode digit, so a full-width "１" would pass as order 1.
     */
    private static long asciiNumber(String text) {
        if (text.isEmpty() || text.length() > 19) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException overflow) {
            return -1;
        }
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
