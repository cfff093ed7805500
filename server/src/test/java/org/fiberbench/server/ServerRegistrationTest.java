package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.fiberbench.http.ServedServer;
import org.junit.jupiter.api.Test;

class ServerRegistrationTest {

    @Test
    void coreFindsTheServersMainClassThroughItsRegistration() {
        // read from this module's META-INF/services, as a served scenario's runner reads it from the jar
        assertEquals(Optional.of(ServerMain.class.getName()), ServedServer.mainClass());
    }
}
