package org.fiberbench.server;

import org.fiberbench.http.ServedServer;

/** Tells core which class serves a served HTTP scenario (registered in META-INF/services). */
public final class ServerRegistration implements ServedServer {
    @Override
    public Class<?> serverMain() {
        return ServerMain.class;
    }
}
