package org.fiberbench.server;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import org.fiberbench.spec.SpecException;

/**
 * The address {@code serve --bind} listens on, resolved here rather than by Tomcat: Tomcat logs an
 * address it cannot resolve and then listens on every interface, which is the opposite of what the
 * user asked for. Resolving first lets a bad address fail with one line before anything listens.
 */
final class BindAddress {
    private BindAddress() {
    }

    /** The address {@code text} names, which must be the wildcard or one of this machine's own addresses. */
    static InetAddress resolve(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new SpecException("--bind '' is not accepted; accepted: a local IP address or host name (default "
                    + ServerOptions.DEFAULT_BIND + ")");
        }
        InetAddress a;
        try {
            a = InetAddress.getByName(t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1) : t);
        } catch (UnknownHostException e) {
            throw new SpecException("--bind " + text + " cannot be resolved; accepted: a local IP address or host name"
                    + " (default " + ServerOptions.DEFAULT_BIND + ", 0.0.0.0 for every interface)");
        }
        if (!a.isAnyLocalAddress() && !a.isLoopbackAddress() && !isOwn(a)) {
            throw new SpecException("--bind " + text + " (" + a.getHostAddress() + ") is not an address of this machine;"
                    + " accepted: a local IP address or host name (default " + ServerOptions.DEFAULT_BIND + ")");
        }
        return a;
    }

    private static boolean isOwn(InetAddress a) {
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** Only this machine can connect: a loopback address (127.0.0.0/8, ::1). The wildcard is not. */
    static boolean isLoopback(InetAddress a) {
        return a.isLoopbackAddress();
    }

    /** How {@code a} reads in a URL: IPv6 literals in brackets. */
    static String forUrl(InetAddress a) {
        String h = a.getHostAddress();
        return h.contains(":") ? "[" + h + "]" : h;
    }
}
