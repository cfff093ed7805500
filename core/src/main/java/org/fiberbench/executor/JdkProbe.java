package org.fiberbench.executor;

/**
 * Run in a child JVM on a JDK under test ({@code fiberbench list jdks}): prints whether this JDK
 * starts a virtual thread and which way custom schedulers reach it, as {@code key=value} lines.
 * The child gets the same {@code --add-opens} as every fork, so the answer is what a fork would see.
 */
public final class JdkProbe {
    private JdkProbe() {
    }

    public static void main(String[] args) throws InterruptedException {
        boolean virtual;
        try {
            Thread t = Thread.ofVirtual().start(() -> { });
            t.join();
            virtual = true;
        } catch (UnsupportedOperationException e) {
            virtual = false;
        }
        System.out.println("virtual_threads=" + virtual);
        System.out.println("custom_schedulers=" + VirtualThreads.mechanism());
    }
}
