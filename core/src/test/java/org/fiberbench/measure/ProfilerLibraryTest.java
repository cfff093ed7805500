package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

/** The choice of profiling event, with the real async-profiler library loaded in this JVM. */
class ProfilerLibraryTest {

    @Test
    void refusedPerfEventsMakeCpuFallBackToATimerAndSaySo() {
        System.setProperty(ProfilerLibrary.PERF_PROPERTY, "off");
        ProfilerLibrary.Probe probe;
        try {
            probe = ProfilerLibrary.probe("cpu");
        } finally {
            System.clearProperty(ProfilerLibrary.PERF_PROPERTY);
        }
        assertTrue(probe.event().equals("ctimer") || probe.event().equals("itimer"), probe.event());
        assertTrue(probe.warning().contains("perf events are not allowed here")
                && probe.warning().contains(probe.event()), probe.warning());
        assertTrue(Files.isRegularFile(probe.library()), probe.library().toString());
    }

    @Test
    void timerEventsNeedNoPerfEvents() {
        System.setProperty(ProfilerLibrary.PERF_PROPERTY, "off");
        try {
            assertEquals("itimer", ProfilerLibrary.probe("itimer").event());
            assertEquals("wall", ProfilerLibrary.probe("wall").event());
        } finally {
            System.clearProperty(ProfilerLibrary.PERF_PROPERTY);
        }
    }

    @Test
    void unsupportedPlatformIsAnErrorNamingIt() {
        String arch = System.getProperty("os.arch");
        System.setProperty("os.arch", "sparcv9");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProfilerLibrary.probe("cpu"));
            assertTrue(e.getMessage().contains("sparcv9") && e.getMessage().contains("supported"), e.getMessage());
        } finally {
            System.setProperty("os.arch", arch);
        }
    }

    @Test
    void unknownEventNamesTheAcceptedOnes() {
        SpecException e = assertThrows(SpecException.class, () -> ProfilerLibrary.checkEvent("cycles"));
        assertTrue(e.getMessage().contains("'cycles'") && e.getMessage().contains("cpu, wall, alloc, lock"), e.getMessage());
    }
}
