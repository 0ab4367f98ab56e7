package dev.gale.storm.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The jars of Apache Storm's two class paths, as Maven resolved them when this module was built:
 * the daemons' (a distribution's {@code lib/}: storm-server and everything it needs) and the
 * workers' (a distribution's {@code lib-worker/}: storm-client and everything it needs). Immutable
 * and thread-safe.
 */
public final class StormLibraries {
    private final List<Path> daemonJars;
    private final List<Path> workerJars;

    private StormLibraries(List<Path> daemonJars, List<Path> workerJars) {
        this.daemonJars = List.copyOf(daemonJars);
        this.workerJars = List.copyOf(workerJars);
    }

    /**
     * The jars listed in this module's resources ({@code daemon.classpath}, {@code worker.classpath}).
     *
     * @throws IllegalStateException if a list is missing or names a jar that is not on disk, saying how
     *         to get it back
     */
    public static StormLibraries fromBuild() {
        return new StormLibraries(read("daemon.classpath"), read("worker.classpath"));
    }

    /** The daemons' jars (ZooKeeper, Nimbus, Supervisor, and the workers' log writer). */
    public List<Path> daemonJars() {
        return daemonJars;
    }

    /** The workers' jars: what a worker has on its class path besides the topology jar. */
    public List<Path> workerJars() {
        return workerJars;
    }

    private static List<Path> read(String resource) {
        String text;
        try (InputStream in = StormLibraries.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource dev/gale/storm/cluster/" + resource + " is missing: it is written"
                        + " when gale-storm-cluster is built with Maven (mvn -pl gale-storm-cluster -am package)");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Path> out = new ArrayList<>();
        for (String entry : text.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = Paths.get(entry.trim());
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException(resource + " names " + p + ", which is not on disk (was the local Maven"
                        + " repository cleaned?): rebuild gale-storm-cluster with Maven to resolve Storm's jars again");
            }
            out.add(p);
        }
        if (out.isEmpty()) {
            throw new IllegalStateException(resource + " lists no jar: rebuild gale-storm-cluster with Maven");
        }
        return out;
    }
}
