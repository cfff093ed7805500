package org.fiberbench.secret;

import java.lang.invoke.MethodHandle;
import org.fiberbench.foreign.Libc;

/**
 * libc's {@code unsetenv}, called through the Foreign Function API. A process started from Java
 * inherits the C library's {@code environ} unless its starter asks for the environment map (JMH
 * does not), so only the C side of a removal keeps a variable out of JMH's forks. The API is final
 * from JDK 22 and fiberbench compiles for 21, hence the reflection; on a JDK without it, or where
 * native access is refused, {@link #unset} returns false.
 */
final class NativeEnv {
    private NativeEnv() {
    }

    /** Whether {@code unsetenv(name)} ran and succeeded. */
    static boolean unset(String name) {
        MethodHandle unsetenv = Libc.function("unsetenv", "JAVA_INT", "ADDRESS");
        if (unsetenv == null) {
            return false;
        }
        try (AutoCloseable arena = Libc.confinedArena()) {
            return (Integer) unsetenv.invokeWithArguments(Libc.cString(arena, name)) == 0;
        } catch (Throwable t) {
            return false;
        }
    }
}
