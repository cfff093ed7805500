package org.fiberbench.measure;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.fiberbench.foreign.Libc;

/**
 * The process's context switches from libc's {@code getrusage(RUSAGE_SELF)}, called through the
 * Foreign Function API: one system call for the whole process, ended threads included. Reading
 * each thread's {@code /proc/self/task/N/status} instead costs a file per thread, which with
 * thousands of threads took 8% of the CPU of a thread-per-task batch (a profile of {@code
 * platform:cached} with 10,000 sleeping tasks) and still missed the threads that ended between two
 * reads. The API is final from JDK 22 and fiberbench compiles for 21, hence the reflection; {@link
 * #open} returns null on JDK 21, on a system without {@code getrusage} or where native access is
 * refused, and the caller falls back to the per-thread files.
 *
 * <p>{@code struct rusage} on Linux x86-64 and AArch64 (LP64): two {@code struct timeval} (16
 * bytes each), then fourteen {@code long}s, of which {@code ru_nvcsw} is the 13th and {@code
 * ru_nivcsw} the 14th. Not thread-safe: one sampler thread owns an instance.
 */
final class ProcessRusage {
    private static final int RUSAGE_SELF = 0;
    private static final int SIZE = 144;
    private static final int NVCSW = 128;
    private static final int NIVCSW = 136;

    private final MethodHandle getrusage;
    private final Object struct;
    private final ByteBuffer view;

    private ProcessRusage(MethodHandle getrusage, Object struct, ByteBuffer view) {
        this.getrusage = getrusage;
        this.struct = struct;
        this.view = view;
    }

    /** A reader whose first call succeeded, or null where this JVM or system cannot give one. */
    static ProcessRusage open() {
        if (!System.getProperty("os.name", "").startsWith("Linux") || !System.getProperty("sun.arch.data.model", "64").equals("64")) {
            return null;
        }
        MethodHandle handle = Libc.function("getrusage", "JAVA_INT", "JAVA_INT", "ADDRESS");
        if (handle == null) {
            return null;
        }
        try {
            Object struct = Libc.memory(SIZE);
            ProcessRusage r = new ProcessRusage(handle.asType(MethodType.methodType(int.class, int.class, Object.class)),
                    struct, Libc.view(struct).order(ByteOrder.nativeOrder()));
            return r.contextSwitches() != null ? r : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** {@code {voluntary, involuntary}} context switches of the whole process so far, or null when the call fails. */
    long[] contextSwitches() {
        try {
            if ((int) getrusage.invokeExact(RUSAGE_SELF, struct) != 0) {
                return null;
            }
        } catch (Throwable t) {
            return null;
        }
        return new long[] {view.getLong(NVCSW), view.getLong(NIVCSW)};
    }

}
