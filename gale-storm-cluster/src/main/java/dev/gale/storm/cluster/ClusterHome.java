package dev.gale.storm.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lays out a Storm home from jars, as a binary distribution would have it: {@code lib/} (the
 * daemons' jars), {@code lib-worker/} (the workers'), {@code conf/storm.yaml},
 * {@code log4j2/cluster.xml} and {@code log4j2/worker.xml}, {@code logs/} and
 * {@code storm-local/}. The jars are symbolic links into the local Maven repository. Not
 * thread-safe; used once, before the daemons start.
 */
final class ClusterHome {
    private final Path dir;

    ClusterHome(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    Path dir() {
        return dir;
    }

    Path logs() {
        return dir.resolve("logs");
    }

    Path localDir() {
        return dir.resolve("storm-local");
    }

    /** Empties the directory (what an earlier run left) and writes the layout. */
    void create(StormLibraries libraries, Map<String, Object> stormYaml) {
        try {
            deleteRecursively(dir);
            Files.createDirectories(dir);
            link(dir.resolve("lib"), libraries.daemonJars());
            link(dir.resolve("lib-worker"), libraries.workerJars());
            Files.createDirectories(dir.resolve("conf"));
            Files.createDirectories(logs());
            Files.createDirectories(localDir());
            Files.writeString(dir.resolve("conf/storm.yaml"), yaml(stormYaml), StandardCharsets.UTF_8);
            Files.createDirectories(dir.resolve("log4j2"));
            Files.writeString(dir.resolve("log4j2/cluster.xml"), CLUSTER_LOG4J2, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("log4j2/worker.xml"), WORKER_LOG4J2, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lay out the Storm home " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void link(Path libDir, List<Path> jars) throws IOException {
        Files.createDirectories(libDir);
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            for (int i = 2; !names.add(name); i++) {
                name = i + "-" + jar.getFileName(); // two artifacts with one file name: keep both
            }
            Files.createSymbolicLink(libDir.resolve(name), jar.toAbsolutePath());
        }
    }

    /** storm.yaml: flat keys, values that are numbers, booleans, strings or lists of them. */
    static String yaml(Map<String, Object> conf) {
        StringBuilder sb = new StringBuilder("# Written by gale-storm-cluster for one throwaway cluster.\n");
        for (Map.Entry<String, Object> e : new LinkedHashMap<>(conf).entrySet()) {
            sb.append(e.getKey()).append(": ").append(yamlValue(e.getValue())).append('\n');
        }
        return sb.toString();
    }

    private static String yamlValue(Object v) {
        if (v instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (Object o : list) {
                sb.append(sb.length() > 1 ? ", " : "").append(yamlValue(o));
            }
            return sb.append(']').toString();
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return '"' + String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** A port free on 127.0.0.1 now (the daemons bind it moments later). */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file); // a symbolic link itself, never its target
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The daemons log to logs/<logfile.name>; errors too. */
    private static final String CLUSTER_LOG4J2 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Configuration monitorInterval="0" shutdownHook="disable">
              <Appenders>
                <File name="A1" fileName="${sys:storm.log.dir}/${sys:logfile.name}" immediateFlush="true">
                  <PatternLayout pattern="%d{HH:mm:ss.SSS} %-5p [%t] %c{1.} - %msg%n"/>
                </File>
              </Appenders>
              <Loggers>
                <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="warn"/>
                <Logger name="org.apache.zookeeper" level="warn"/>
                <Root level="info"><AppenderRef ref="A1"/></Root>
              </Loggers>
            </Configuration>
            """;

    /**
     * A worker logs to workers-artifacts/<topology>/<port>/worker.log; its log writer (the parent
     * process that copies the worker's stdout and stderr) to worker.log.out.
     */
    private static final String WORKER_LOG4J2 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Configuration monitorInterval="0" shutdownHook="disable">
              <Appenders>
                <File name="A1" fileName="${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}"
                      immediateFlush="true">
                  <PatternLayout pattern="%d{HH:mm:ss.SSS} %-5p [%t] %c{1.} - %msg%n"/>
                </File>
                <File name="OUT" fileName="${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}.out"
                      immediateFlush="true">
                  <PatternLayout pattern="%d{HH:mm:ss.SSS} %msg%n"/>
                </File>
              </Appenders>
              <Loggers>
                <Logger name="STDERR" level="info" additivity="false"><AppenderRef ref="OUT"/></Logger>
                <Logger name="STDOUT" level="info" additivity="false"><AppenderRef ref="OUT"/></Logger>
                <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="warn"/>
                <Root level="info"><AppenderRef ref="A1"/></Root>
              </Loggers>
            </Configuration>
            """;
}
