package org.fiberbench.foreign;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * libc functions called through the Foreign Function API. The API is final from JDK 22 and
 * fiberbench compiles for 21, hence the reflection: callers name the layouts by their {@code
 * ValueLayout} field ({@code JAVA_INT}, {@code JAVA_LONG}, {@code ADDRESS}) and get a plain
 * {@link MethodHandle}, or null on JDK 21, where the symbol is missing or native access is refused.
 */
public final class Libc {
    private static final String FOREIGN = "java.lang.foreign.";

    private Libc() {
    }

    /** A downcall handle to libc's {@code name} returning {@code result} and taking {@code args}, or null. */
    public static MethodHandle function(String name, String result, String... args) {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            Class<?> linkerType = type("Linker");
            Object linker = linkerType.getMethod("nativeLinker").invoke(null);
            Object libc = linkerType.getMethod("defaultLookup").invoke(linker);
            Optional<?> symbol = (Optional<?>) type("SymbolLookup").getMethod("find", String.class).invoke(libc, name);
            if (symbol.isEmpty()) {
                return null;
            }
            Class<?> layoutType = type("MemoryLayout");
            Object argLayouts = Array.newInstance(layoutType, args.length);
            for (int i = 0; i < args.length; i++) {
                Array.set(argLayouts, i, layout(args[i]));
            }
            Object signature = type("FunctionDescriptor").getMethod("of", layoutType, argLayouts.getClass())
                    .invoke(null, layout(result), argLayouts);
            Class<?> optionType = type("Linker$Option");
            return (MethodHandle) linkerType.getMethod("downcallHandle", type("MemorySegment"),
                    type("FunctionDescriptor"), optionType.arrayType())
                    .invoke(linker, symbol.get(), signature, Array.newInstance(optionType, 0));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** A confined arena ({@code java.lang.foreign.Arena}), closed with its segments. */
    public static AutoCloseable confinedArena() throws ReflectiveOperationException {
        return (AutoCloseable) type("Arena").getMethod("ofConfined").invoke(null);
    }

    /** {@code name} as a NUL-terminated C string in {@code arena}. */
    public static Object cString(AutoCloseable arena, String name) throws ReflectiveOperationException {
        return type("SegmentAllocator").getMethod("allocateFrom", String.class).invoke(arena, name);
    }

    /** {@code bytes} of zeroed memory that lives as long as the returned segment is reachable. */
    public static Object memory(long bytes) throws ReflectiveOperationException {
        Object arena = type("Arena").getMethod("ofAuto").invoke(null);
        return type("Arena").getMethod("allocate", long.class, long.class).invoke(arena, bytes, 8L);
    }

    /** A segment's memory as a buffer (reads see what native code wrote there). */
    public static java.nio.ByteBuffer view(Object segment) throws ReflectiveOperationException {
        return (java.nio.ByteBuffer) type("MemorySegment").getMethod("asByteBuffer").invoke(segment);
    }

    private static Object layout(String field) throws ReflectiveOperationException {
        return type("ValueLayout").getField(field).get(null);
    }

    private static Class<?> type(String name) throws ClassNotFoundException {
        return Class.forName(FOREIGN + name);
    }
}
