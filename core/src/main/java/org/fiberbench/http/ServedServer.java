package org.fiberbench.http;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The HTTP server a served scenario ({@code http:url=/PATH}) starts in a JVM of its own. Core does
 * not know it by name: the server module registers its implementation in {@code
 * META-INF/services/org.fiberbench.http.ServedServer}, and {@link #mainClass()} finds it on the
 * class path this JVM (and so the fork) runs with.
 */
public interface ServedServer {

    /**
     * The class whose {@code main(EXECUTOR [PORT [GRACE]])} serves fiberbench's endpoints with the
     * default credentials and prints a line starting {@code fiberbench: serving URL} once it listens.
     */
    Class<?> serverMain();

    /** The registered server's main class name; empty when no server module is on the class path. */
    static Optional<String> mainClass() {
        return ServiceLoader.load(ServedServer.class, ServedServer.class.getClassLoader()).findFirst()
                .map(s -> s.serverMain().getName());
    }
}
