package dev.gale.cli.port;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of this Gale, as the build wrote it: what ported build files depend on. Stateless. */
public final class GaleVersion {
    private static final String RESOURCE = "gale-version.properties";

    private GaleVersion() {
    }

    public static String get() {
        try (InputStream in = GaleVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath: gale-cli was not built by Maven");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version");
            if (v == null || v.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filtered by the build: " + v);
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
