package dev.gale.storm.bridge.internal;

import org.apache.storm.validation.ConfigValidation;

/**
 * Loads Storm's list of configuration classes (which {@code org.apache.storm.utils.ConfigUtils} reads
 * when it is initialized, and a Storm context's constructor initializes it) once, before any Storm
 * context is made. Storm finds the files naming them ({@code META-INF/services/org.apache.storm.validation.Validated},
 * which connectors such as storm-hdfs ship) through the thread's context class loader, but loads the
 * classes they name with storm-client's own loader. When a connector's jars are on a class loader
 * below storm-client's (gale run puts the user's CLASSPATH and --jar there), that load fails, and with
 * it ConfigUtils for the rest of the JVM. So the list is loaded with storm-client's loader as the
 * context loader: it then names the classes storm-client's loader sees, as it does in a Storm worker,
 * where all jars share one loader. The list only feeds Storm's configuration validation and its
 * redaction of password keys. Thread-safe.
 */
final class StormConfigClasses {
    private static volatile boolean loaded;

    private StormConfigClasses() {
    }

    static void load() {
        if (loaded) {
            return;
        }
        synchronized (StormConfigClasses.class) {
            if (loaded) {
                return;
            }
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(ConfigValidation.class.getClassLoader());
            try {
                ConfigValidation.getConfigClasses();
            } finally {
                thread.setContextClassLoader(previous);
            }
            loaded = true;
        }
    }
}
