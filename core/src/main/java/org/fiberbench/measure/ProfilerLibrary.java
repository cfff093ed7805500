package org.fiberbench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
import one.profiler.AsyncProfiler;
import org.fiberbench.spec.SpecException;

/**
 * async-profiler's native library, taken from the {@code tools.profiler:async-profiler} jar on
 * the classpath at run time, and the choice of profiling event. The parent process calls
 * {@link #probe} once per run: it loads the library and tries the event, so an unsupported
 * platform or a kernel that forbids perf events is known before any fork starts.
 */
public final class ProfilerLibrary {
    /** Events {@code --profile} accepts; {@code itimer}/{@code ctimer} are the timer-based CPU modes. */
    public static final List<String> EVENTS = List.of("cpu", "wall", "alloc", "lock", "itimer", "ctimer");
    private static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");
    /** {@code off}: behave as if the kernel refused perf events, so {@code cpu} takes the timer fallback. */
    public static final String PERF_PROPERTY = "fiberbench.profile.perf";

    private ProfilerLibrary() {
    }

    /**
     * What the forks will use.
     *
     * @param library the extracted native library
     * @param event   the event the forks start (may differ from the one asked for, see warning)
     * @param warning what the user should know about the choice, or null
     */
    public record Probe(Path library, String event, String warning) {
    }

    /** The event in canonical form, or a SpecException naming the accepted ones. */
    public static String checkEvent(String event) {
        String e = event == null ? "" : event.trim().toLowerCase(Locale.ROOT);
        if (!EVENTS.contains(e)) {
            throw new SpecException("--profile '" + event + "' is not accepted; accepted: " + String.join(", ", EVENTS));
        }
        return e;
    }

    /**
     * Extracts and loads the library and checks {@code event} can start here. When perf events
     * are refused (a kernel setting, a container's seccomp profile), {@code cpu} falls back to a
     * timer-based mode ({@code ctimer}, else {@code itimer}) and says so.
     *
     * @throws IllegalStateException when async-profiler cannot run on this platform or JVM
     */
    public static Probe probe(String event) {
        String e = checkEvent(event);
        Path lib = extract();
        AsyncProfiler p;
        try {
            p = AsyncProfiler.getInstance(lib.toString());
            p.getVersion();
        } catch (Throwable t) {
            throw new IllegalStateException("async-profiler cannot load " + lib + ": " + t.getMessage());
        }
        if (e.equals("cpu")) {
            String refused = perfEventsRefused(p);
            if (refused != null) {
                return timerFallback(p, lib, refused);
            }
            // root (or CAP_PERFMON) sees kernel frames whatever the setting; others lose them from 2 up
            boolean userOnly = paranoid() >= 2 && !"root".equals(System.getProperty("user.name"));
            return new Probe(lib, e, userOnly
                    ? "perf_event_paranoid=" + paranoid() + ": cpu profiles show Java and native frames, not kernel ones"
                    : null);
        }
        String refused = tryStart(p, e);
        if (refused != null) {
            throw new IllegalStateException("async-profiler cannot profile event '" + e + "' here: " + refused);
        }
        return new Probe(lib, e, null);
    }

    /**
     * Why perf events cannot be used here, or null when they can. async-profiler's own {@code cpu}
     * event hides a refusal by switching to a timer without a word, so a perf-only event is tried.
     * {@code -D}{@value #PERF_PROPERTY}{@code =off} refuses them on purpose (to see or test the fallback).
     */
    static String perfEventsRefused(AsyncProfiler p) {
        if ("off".equals(System.getProperty(PERF_PROPERTY))) {
            return "turned off by -D" + PERF_PROPERTY + "=off";
        }
        return tryStart(p, "cpu-clock");
    }

    private static Probe timerFallback(AsyncProfiler p, Path lib, String refused) {
        for (String timer : List.of("ctimer", "itimer")) {
            if (tryStart(p, timer) == null) {
                return new Probe(lib, timer, "perf events are not allowed here (" + refused + "; perf_event_paranoid="
                        + paranoid() + "); cpu profiles use the timer-based " + timer + " mode (no kernel frames)");
            }
        }
        throw new IllegalStateException("async-profiler cannot profile cpu here: perf events are refused (" + refused
                + ") and neither ctimer nor itimer starts");
    }

    /** Null when {@code event} started (and was stopped again), else why it did not. */
    private static String tryStart(AsyncProfiler p, String event) {
        try {
            // quiet: a refused perf event logs one warning per thread, which the user need not see
            p.execute("start,event=" + event + ",loglevel=none");
            p.execute("stop");
            return null;
        } catch (Exception | Error t) {
            return String.valueOf(t.getMessage()).trim();
        }
    }

    /** {@code /proc/sys/kernel/perf_event_paranoid}, or -1 off Linux. */
    static int paranoid() {
        try {
            return Integer.parseInt(Files.readString(PARANOID).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Copies the library for this platform out of the jar (once per distinct library) and returns its path. */
    public static Path extract() {
        String tag = platformTag();
        String resource = tag + "/libasyncProfiler.so";
        try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("async-profiler has no native library for " + tag + " in its jar");
            }
            byte[] bytes = in.readAllBytes();
            CRC32 crc = new CRC32();
            crc.update(bytes);
            // named by content: a newer async-profiler never reuses an older extracted copy
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "fiberbench-async-profiler-" + tag + "-"
                    + Long.toHexString(crc.getValue()) + "-" + System.getProperty("user.name", "user"));
            Files.createDirectories(dir);
            Path lib = dir.resolve("libasyncProfiler.so");
            if (!Files.exists(lib) || Files.size(lib) != bytes.length) {
                Path tmp = Files.createTempFile(dir, "lib", ".tmp");
                Files.write(tmp, bytes);
                Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return lib;
        } catch (IOException io) {
            throw new IllegalStateException("cannot extract async-profiler's library: " + io.getMessage());
        }
    }

    /** async-profiler's own platform directory names: linux-x64, linux-arm64, macos. */
    static String platformTag() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos";
        }
        if (os.contains("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return "linux-x64";
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return "linux-arm64";
            }
        }
        throw new IllegalStateException("async-profiler does not support " + os + "/" + arch
                + "; supported: linux x64 and arm64, macOS");
    }
}
