package org.fiberbench.executor;

/** A task that failed inside a worker JVM: the worker's one-line description, and where it ran. */
final class RemoteTaskException extends RuntimeException {
    RemoteTaskException(String message, String worker, long pid) {
        super(message + " [in " + worker + ", pid " + pid + "]", null, false, false);
    }
}
