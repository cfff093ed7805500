package org.fiberbench.secret;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * libc's {@code unsetenv}, called through the Foreign Function API. A process started from Java
 * inherits the C library's {@code environ} unless its starter asks for the environment map (JMH
 * does not), so only the C side of a removal keeps a variable out of JMH's forks. The API is final
 * from JDK 22 and fiberbench compiles for 21, hence the reflection; on a JDK without it, or where
 * native access is refused, {@link #unset} returns false.
 */
final class NativeEnv {
    private static final String FOREIGN = "java.lang.foreign.";

    private NativeEnv() {
    }

    /** Whether {@code unsetenv(name)} ran and succeeded. */
    static boolean unset(String name) {
        if (Runtime.version().feature() < 22) {
            return false;
        }
        try {
            Class<?> linkerType = type("Linker");
            Object linker = linkerType.getMethod("nativeLinker").invoke(null);
            Object libc = linkerType.getMethod("defaultLookup").invoke(linker);
            Optional<?> symbol = (Optional<?>) type("SymbolLookup").getMethod("find", String.class).invoke(libc, "unsetenv");
            if (symbol.isEmpty()) {
                return false;
            }
            Class<?> layoutType = type("MemoryLayout");
            Object args = Array.newInstance(layoutType, 1);
            Array.set(args, 0, type("ValueLayout").getField("ADDRESS").get(null));
            Object signature = type("FunctionDescriptor").getMethod("of", layoutType, args.getClass())
                    .invoke(null, type("ValueLayout").getField("JAVA_INT").get(null), args);
            Class<?> optionType = type("Linker$Option");
            MethodHandle unsetenv = (MethodHandle) linkerType.getMethod("downcallHandle", type("MemorySegment"),
                    type("FunctionDescriptor"), optionType.arrayType())
                    .invoke(linker, symbol.get(), signature, Array.newInstance(optionType, 0));
            try (AutoCloseable arena = (AutoCloseable) type("Arena").getMethod("ofConfined").invoke(null)) {
                Object cName = type("SegmentAllocator").getMethod("allocateFrom", String.class).invoke(arena, name);
                return (Integer) unsetenv.invokeWithArguments(cName) == 0;
            }
        } catch (Throwable t) {
            return false;
        }
    }

    private static Class<?> type(String name) throws ClassNotFoundException {
        return Class.forName(FOREIGN + name);
    }
}
