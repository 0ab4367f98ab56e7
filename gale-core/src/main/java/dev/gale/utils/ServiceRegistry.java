package dev.gale.utils;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Services of this JVM found by id, as Storm's local mode finds its in-process DRPC server: a
 * {@code LocalDRPC} registers itself here, and the DRPC spouts and {@code ReturnResults} bolts of a
 * topology (whose tasks get copies of them, so they carry the id, not the object) look it up.
 * Thread-safe.
 */
public final class ServiceRegistry {
    private static final Map<String, Object> SERVICES = new ConcurrentHashMap<>();

    private ServiceRegistry() {
    }

    /** Registers {@code service} and returns its new id. */
    public static String registerService(Object service) {
        String id = UUID.randomUUID().toString();
        SERVICES.put(id, service);
        return id;
    }

    /** The service registered under {@code id}, or null (never registered, or unregistered). */
    public static Object getService(String id) {
        return id == null ? null : SERVICES.get(id);
    }

    public static void unregisterService(String id) {
        if (id != null) {
            SERVICES.remove(id);
        }
    }
}
