package dev.gale.utils;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Gale addition: the directories a shell component's subprocess works with. Storm ships a
 * topology's scripts in the {@code resources/} directory of its jar, extracts it for each worker
 * and starts the subprocesses there; in local mode it takes {@code resources/} from the classpath.
 * Gale does the same in one JVM: {@link #codeDir(ClassLoader)} is a directory holding every
 * {@code resources/} entry of the classpath (from directories and jars, the first one on the
 * classpath winning when two hold the same file, as for classes), built once per class loader.
 * Storm's multilang libraries ({@code storm.py} from {@code org.apache.storm:multilang-python},
 * {@code storm.js} from {@code multilang-javascript}) keep their files there too, so a jar of them
 * on the classpath is all a script needs to {@code import storm}.
 *
 * <p>The directories are temporary and deleted when the JVM exits. Thread-safe.
 */
public final class ShellResources {
    private static final String RESOURCES = "resources";
    private static final Map<ClassLoader, Path> CODE_DIRS = new WeakHashMap<>();
    private static Path pidDir;
    private static final List<Path> TO_DELETE = new ArrayList<>();
    private static boolean hookAdded;

    private ShellResources() {
    }

    /**
     * The directory where the classpath's {@code resources/} entries, as {@code loader} sees them,
     * were copied; the working directory of a shell component's subprocess (Storm:
     * {@code TopologyContext.getCodeDir()}). An empty directory when the classpath has none.
     *
     * @throws UncheckedIOException if the entries cannot be copied
     */
    public static synchronized Path codeDir(ClassLoader loader) {
        ClassLoader key = loader != null ? loader : ShellResources.class.getClassLoader();
        Path dir = CODE_DIRS.get(key);
        if (dir == null || !Files.isDirectory(dir)) {
            dir = extract(key);
            CODE_DIRS.put(key, dir);
        }
        return dir;
    }

    /**
     * The directory where subprocesses record their pid in an empty file named after it (the
     * {@code pidDir} of the multilang handshake; Storm: {@code TopologyContext.getPIDDir()}).
     */
    public static synchronized Path pidDir() {
        if (pidDir == null || !Files.isDirectory(pidDir)) {
            try {
                pidDir = temporary("gale-multilang-pids-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the multilang pid directory: " + e.getMessage(), e);
            }
        }
        return pidDir;
    }

    private static Path extract(ClassLoader loader) {
        try {
            Path target = temporary("gale-multilang-");
            Enumeration<URL> sources = loader.getResources(RESOURCES);
            Set<String> jarsDone = new HashSet<>();
            for (URL source : Collections.list(sources)) {
                copy(source, target, jarsDone);
            }
            // A jar without a "resources/" directory entry is not found above: every jar has a manifest.
            for (URL manifest : Collections.list(loader.getResources("META-INF/MANIFEST.MF"))) {
                copy(manifest, target, jarsDone);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the classpath's resources/ for shell components: "
                    + e.getMessage(), e);
        }
    }

    private static void copy(URL source, Path target, Set<String> jarsDone) throws IOException {
        if ("file".equals(source.getProtocol())) {
            Path dir;
            try {
                dir = Path.of(source.toURI());
            } catch (URISyntaxException e) {
                throw new IOException("bad classpath URL " + source, e);
            }
            if (Files.isDirectory(dir)) {
                copyTree(dir, target);
            }
            return;
        }
        URLConnection connection = source.openConnection();
        if (connection instanceof JarURLConnection jar && jarsDone.add(jar.getJarFileURL().toString())) {
            jar.setUseCaches(false);
            try (JarFile file = jar.getJarFile()) {
                String prefix = RESOURCES + "/";
                for (JarEntry entry : Collections.list(file.entries())) {
                    if (!entry.getName().startsWith(prefix) || entry.getName().length() == prefix.length()) {
                        continue;
                    }
                    Path to = target.resolve(entry.getName().substring(prefix.length())).normalize();
                    if (!to.startsWith(target)) {
                        continue; // an entry naming a path outside the directory ("../"): never written
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(to);
                    } else if (!Files.exists(to)) {
                        Files.createDirectories(to.getParent());
                        try (InputStream in = file.getInputStream(entry)) {
                            Files.copy(in, to);
                        }
                    }
                }
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path dest = to.resolve(from.relativize(file).toString());
                if (!Files.exists(dest)) {
                    // COPY_ATTRIBUTES keeps the execute bit of a script run as ./script.
                    Files.copy(file, dest, StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static Path temporary(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        TO_DELETE.add(dir);
        if (!hookAdded) {
            hookAdded = true;
            Runtime.getRuntime().addShutdownHook(new Thread(ShellResources::deleteAll, "gale-multilang-cleanup"));
        }
        return dir;
    }

    private static void deleteAll() {
        List<Path> dirs;
        synchronized (ShellResources.class) {
            dirs = new ArrayList<>(TO_DELETE);
        }
        for (Path dir : dirs) {
            try {
                deleteTree(dir);
            } catch (IOException | UncheckedIOException e) {
                // best effort at exit: a temporary directory left behind is harmless
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
