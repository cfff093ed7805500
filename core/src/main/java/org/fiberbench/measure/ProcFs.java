package org.fiberbench.measure;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Linux's per-process figures the JMX beans lack: user/system CPU split, RSS, context switches, and
 * the CPU, memory and threads of child processes.
 * Every reader returns -1 when {@code /proc} is missing (macOS, Windows), so callers degrade to
 * JMX-only figures. Not thread-safe: one sampler thread owns an instance.
 */
final class ProcFs {
    private static final Path SELF = Path.of("/proc/self");
    /** USER_HZ: Linux reports utime/stime in these ticks; 100 on every mainstream architecture. */
    private static final long TICKS_PER_SECOND = 100;
    /** Per-thread status files read per tick at most: thousands of threads would make the sampler the load. */
    static final int MAX_TASKS_PER_TICK = 2000;

    private final boolean available = Files.isReadable(SELF.resolve("stat"));
    /** Last voluntary/involuntary counts seen per thread id, so threads that ended still count. */
    private final Map<String, long[]> switchesByTask = new HashMap<>();
    /** Threads above which context switches are read with one system call ({@link #contextSwitches}). */
    static final int RUSAGE_FROM_THREADS = 256;
    /** The whole process's context switches in one call once the threads are many, else null. */
    private ProcessRusage rusage;
    private boolean rusageTried;
    private long[] rusageOffset;
    /** Thread status files listed by the last per-thread read. */
    private int tasksLastRead;
    /** Last user/system ticks seen per child process, so children that ended still count. */
    private final Map<Long, long[]> childCpu = new HashMap<>();
    private final Map<Long, ReopenedFile> childFiles = new HashMap<>();
    private long pageSize;
    /** Kept open and re-read from offset 0: the kernel regenerates the text, and the sampler saves an open per tick. */
    private final ReopenedFile stat = new ReopenedFile(SELF.resolve("stat"));
    private final ReopenedFile statm = new ReopenedFile(SELF.resolve("statm"));

    /** Closes the descriptors kept open; the instance must not be used afterwards. */
    void close() {
        stat.close();
        statm.close();
        childFiles.values().forEach(ReopenedFile::close);
        childFiles.clear();
    }

    private String stat() throws IOException {
        return stat.read();
    }

    boolean available() {
        return available;
    }

    /** {@code {user_ms, sys_ms}} of the whole process, or {@code {-1, -1}}. */
    long[] cpuMillis() {
        if (!available) {
            return new long[] {-1, -1};
        }
        try {
            String stat = stat();
            // the command name (field 2) may hold spaces and parentheses: fields are counted after the last ')';
            // p starts at the space before field 3; eleven spaces on is the one before utime (14), then stime (15)
            int p = stat.lastIndexOf(')') + 1;
            for (int field = 0; field < 11; field++) {
                p = stat.indexOf(' ', p + 1);
            }
            int q = stat.indexOf(' ', p + 1);
            long utime = Long.parseLong(stat, p + 1, q, 10);
            long stime = Long.parseLong(stat, q + 1, stat.indexOf(' ', q + 1), 10);
            return new long[] {utime * 1000 / TICKS_PER_SECOND, stime * 1000 / TICKS_PER_SECOND};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    /**
     * {@code {live, user_ms, sys_ms, rss_bytes, threads}} summed over child processes (the
     * process pool's worker JVMs), or {@code {0, 0, 0, 0, 0}} off Linux. CPU counts every child
     * ever seen, up to its last reading, so a worker that died still counts; memory and threads
     * count the live ones.
     */
    long[] children(List<Long> pids) {
        long[] out = new long[5];
        if (!available) {
            return out;
        }
        if (pageSize == 0) {
            pageSize = learnPageSize();
        }
        childFiles.keySet().removeIf(pid -> {
            if (pids.contains(pid)) {
                return false;
            }
            childFiles.get(pid).close();
            return true;
        });
        for (long pid : pids) {
            long[] f = childStat(childFiles.computeIfAbsent(pid,
                    k -> new ReopenedFile(Path.of("/proc", Long.toString(k), "stat"))));
            if (f == null) {
                continue;
            }
            childCpu.put(pid, new long[] {f[0], f[1]});
            out[0]++;
            out[3] += pageSize > 0 ? f[3] * pageSize : 0;
            out[4] += f[2];
        }
        for (long[] c : childCpu.values()) {
            out[1] += c[0] * 1000 / TICKS_PER_SECOND;
            out[2] += c[1] * 1000 / TICKS_PER_SECOND;
        }
        return out;
    }

    /** utime, stime (ticks), num_threads, rss (pages) of one process, or null when it is gone. */
    private static long[] childStat(ReopenedFile file) {
        try {
            String stat = file.read();
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state): utime is field 14, stime 15, num_threads 20, rss 24
            return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[17]), Long.parseLong(f[21])};
        } catch (IOException | RuntimeException gone) {
            return null;
        }
    }

    /**
     * Resident set size in bytes, or -1: from {@code statm} (resident pages), which is far cheaper
     * for the kernel to produce than {@code status}; the page size is learnt once from both.
     */
    long rssBytes() {
        if (!available) {
            return -1;
        }
        if (pageSize == 0) {
            pageSize = learnPageSize();
        }
        long pages = residentPages();
        return pages < 0 || pageSize < 0 ? -1 : pages * pageSize;
    }

    private long learnPageSize() {
        long kb = statusField(SELF.resolve("status"), "VmRSS:");
        long pages = residentPages();
        if (kb <= 0 || pages <= 0) {
            return -1;
        }
        long approx = kb * 1024 / pages;
        return Long.highestOneBit(approx + approx / 4); // nearest power of two: RSS moved a little between the reads
    }

    private long residentPages() {
        try {
            String[] f = statm.read().split(" ", 3);
            return Long.parseLong(f[1].trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * {@code {voluntary, involuntary}} context switches of the whole process, or {@code {-1, -1}}.
     * While the process has few threads they are summed over the threads' status files, which is
     * cheap then; once a read finds more than {@link #RUSAGE_FROM_THREADS} threads, from then on
     * libc's {@code getrusage} ({@link ProcessRusage}: one system call, ended threads included), its
     * figures offset so that the series goes on from the last sum. Linking the call costs about
     * 150 ms in a fresh JVM, which every fork of a few threads would pay for nothing.
     */
    long[] contextSwitches() {
        if (!available) {
            return new long[] {-1, -1};
        }
        if (rusage != null) {
            long[] r = rusage.contextSwitches();
            if (r != null) {
                return new long[] {r[0] + rusageOffset[0], r[1] + rusageOffset[1]};
            }
            rusage = null; // a call that failed once: back to the files, which still hold the sums so far
        }
        long[] files = perThreadContextSwitches();
        if (tasksLastRead > RUSAGE_FROM_THREADS && !rusageTried && files[0] >= 0) {
            rusageTried = true;
            ProcessRusage r = ProcessRusage.open();
            long[] now = r == null ? null : r.contextSwitches();
            if (now != null) {
                rusageOffset = new long[] {files[0] - now[0], files[1] - now[1]};
                rusage = r;
            }
        }
        return files;
    }

    /** Whether context switches now come from one system call rather than a file per thread. */
    boolean wholeProcessSwitches() {
        return rusage != null;
    }

    /**
     * Context switches summed over the threads' status files: Linux keeps them per thread there; a
     * thread's last seen figures stay in the sum after it ends, so short-lived threads are counted
     * up to their last sample. A file per thread, {@link #MAX_TASKS_PER_TICK} at most per call.
     */
    long[] perThreadContextSwitches() {
        if (!available) {
            return new long[] {-1, -1};
        }
        int read = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(SELF.resolve("task"))) {
            for (Path t : tasks) {
                if (read++ >= MAX_TASKS_PER_TICK) {
                    break;
                }
                String text;
                try {
                    text = Files.readString(t.resolve("status"), StandardCharsets.US_ASCII);
                } catch (IOException ended) {
                    continue;
                }
                long v = field(text, "voluntary_ctxt_switches:");
                long nv = field(text, "nonvoluntary_ctxt_switches:");
                if (v >= 0 && nv >= 0) {
                    switchesByTask.put(t.getFileName().toString(), new long[] {v, nv});
                }
            }
        } catch (IOException e) {
            return new long[] {-1, -1};
        }
        tasksLastRead = read;
        long v = 0;
        long nv = 0;
        for (long[] c : switchesByTask.values()) {
            v += c[0];
            nv += c[1];
        }
        return new long[] {v, nv};
    }

    private static long statusField(Path file, String name) {
        try {
            return field(Files.readString(file, StandardCharsets.US_ASCII), name);
        } catch (IOException e) {
            return -1;
        }
    }

    /** The first number after {@code name} at the start of a line of a status file, or -1. */
    static long field(String text, String name) {
        int i = text.startsWith(name) ? 0 : text.indexOf("\n" + name);
        if (i < 0) {
            return -1;
        }
        int p = i + (i == 0 ? 0 : 1) + name.length();
        while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
            p++;
        }
        int e = p;
        while (e < text.length() && Character.isDigit(text.charAt(e))) {
            e++;
        }
        return e > p ? Long.parseLong(text.substring(p, e)) : -1;
    }

    /** A small /proc file read again and again through one descriptor. */
    private static final class ReopenedFile {
        private final Path path;
        private final byte[] buf = new byte[4096];
        private RandomAccessFile file;

        ReopenedFile(Path path) {
            this.path = path;
        }

        String read() throws IOException {
            if (file == null) {
                file = new RandomAccessFile(path.toFile(), "r");
            }
            file.seek(0);
            int n = 0;
            for (int r; n < buf.length && (r = file.read(buf, n, buf.length - n)) > 0; ) {
                n += r;
            }
            return new String(buf, 0, n, StandardCharsets.US_ASCII);
        }

        void close() {
            try {
                if (file != null) {
                    file.close();
                }
            } catch (IOException e) {
                // a /proc descriptor: nothing to flush
            }
        }
    }
}
