package org.fiberbench.report.profile;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fiberbench.report.InputException;

/**
 * One profile reduced to per-frame counts: {@code self} (the frame was the leaf) and {@code total}
 * (the frame was anywhere on the stack, counted once per stack even when recursive). Frame names
 * are normalised so two runs match: slashes become dots, and the addresses JDK lambdas and hidden
 * classes carry ({@code $$Lambda.0x0000000081102448}) and async-profiler's {@code _[j]}-style
 * annotations are dropped. Immutable once read.
 */
final class CollapsedStacks {
    private static final Pattern ADDRESS = Pattern.compile("(?:\\.|/)0x[0-9a-fA-F]+");
    private static final Pattern ANNOTATION = Pattern.compile("_\\[[a-z0-9]\\]$");

    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> total = new HashMap<>();
    private long samples;

    static CollapsedStacks read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new InputException("collapsed-stacks file '" + file + "' does not exist");
        }
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
        } catch (CharacterCodingException e) {
            throw new InputException(file + " is not a collapsed-stacks file: it holds bytes that are not UTF-8 text");
        }
    }

    static CollapsedStacks parse(List<String> lines, String source) {
        CollapsedStacks c = new CollapsedStacks();
        int lineNo = 0;
        for (String line : lines) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            long n;
            try {
                n = Long.parseLong(line.substring(sp + 1).trim());
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new InputException(source + " line " + lineNo
                        + " is not collapsed stacks ('frame;frame;... count'): " + abbreviate(line));
            }
            c.add(line.substring(0, Math.max(0, sp)).split(";"), n);
        }
        return c;
    }

    private void add(String[] frames, long n) {
        samples += n;
        Set<String> seen = new HashSet<>();
        String leaf = null;
        for (String raw : frames) {
            if (raw.isEmpty()) {
                continue;
            }
            String f = normalise(raw);
            leaf = f;
            if (seen.add(f)) {
                total.merge(f, n, Long::sum);
            }
        }
        if (leaf != null) {
            self.merge(leaf, n, Long::sum);
        }
    }

    static String normalise(String frame) {
        String f = ANNOTATION.matcher(frame).replaceFirst("");
        f = ADDRESS.matcher(f).replaceAll("");
        // Java frames are slash-separated (java/util/HashMap.get); native C++ ones (Foo::bar) stay as they are
        return f.contains("::") ? f : f.replace('/', '.');
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    long samples() {
        return samples;
    }

    Map<String, Long> self() {
        return self;
    }

    Map<String, Long> total() {
        return total;
    }

    double selfPct(String frame) {
        return pct(self.getOrDefault(frame, 0L));
    }

    double totalPct(String frame) {
        return pct(total.getOrDefault(frame, 0L));
    }

    private double pct(long n) {
        return samples == 0 ? 0 : 100.0 * n / samples;
    }
}
