package dev.gale.cli;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The user's classes for {@code gale run}: the {@code --jar} files, the {@code --classpath}
 * entries and the {@code CLASSPATH} environment variable, in that order. The launcher starts the
 * JVM with Gale's own classpath (so {@code java} ignores {@code CLASSPATH}); this puts the user's
 * entries in a class loader over Gale's, which the command makes the context class loader, so
 * the user's topology, and whatever it loads through the context class loader, resolves without
 * rebuilding Gale's classpath. Stateless.
 */
final class UserClassPath {
    private UserClassPath() {
    }

    /**
     * The entries, checked: a {@code --jar} or {@code --classpath} entry that does not exist is a
     * usage error; a missing {@code CLASSPATH} entry is skipped, as {@code java} does. An entry
     * {@code dir/*} stands for the jars in {@code dir}, as for {@code java}.
     */
    static List<Path> entries(List<Path> jars, List<String> classpaths, String environmentClasspath) {
        List<Path> out = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new UserException("--jar " + jar + ": no such file");
            }
            out.add(jar);
        }
        for (String classpath : classpaths) {
            for (String entry : classpath.split(File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    List<Path> paths = expand(entry);
                    if (paths.isEmpty()) {
                        throw new UserException("--classpath " + entry + ": no such file or directory");
                    }
                    out.addAll(paths);
                }
            }
        }
        if (environmentClasspath != null) {
            for (String entry : environmentClasspath.split(File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    out.addAll(expand(entry));
                }
            }
        }
        return out;
    }

    /** The existing paths an entry stands for: itself, or the jars of {@code dir/*}. */
    private static List<Path> expand(String entry) {
        List<Path> out = new ArrayList<>();
        if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
            Path dir = Path.of(entry.substring(0, entry.length() - 1).isEmpty() ? "." : entry.substring(0,
                    entry.length() - 1));
            if (Files.isDirectory(dir)) {
                try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
                    jars.forEach(out::add);
                } catch (IOException e) {
                    throw new UserException("cannot list " + dir + ": " + e.getMessage());
                }
                out.sort(null);
            }
        } else if (Files.exists(Path.of(entry))) {
            out.add(Path.of(entry));
        }
        return out;
    }

    /** A class loader over {@code entries} whose parent is {@code parent} (Gale's classes win, so types match). */
    static URLClassLoader loader(List<Path> entries, ClassLoader parent) {
        URL[] urls = new URL[entries.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = entries.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new UserException("not a usable classpath entry: " + entries.get(i));
            }
        }
        return new URLClassLoader("gale-user-classes", urls, parent);
    }
}
