package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where shell components' subprocesses run: the classpath's resources/ entries, from directories and jars. */
class ShellResourcesTest {

    @Test
    void copiesTheResourcesOfDirectoriesAndJarsTheFirstOneWinning(@TempDir Path tmp) throws Exception {
        Path classes = tmp.resolve("classes");
        Files.createDirectories(classes.resolve("resources/lib"));
        Files.writeString(classes.resolve("resources/bolt.py"), "print('from the directory')");
        Files.writeString(classes.resolve("resources/lib/util.py"), "x = 1");
        Path jar = tmp.resolve("multilang.jar");
        // As Storm's multilang jars: a manifest; no directory entry for resources/ (found through the manifest).
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            put(out, "resources/storm.py", "import sys");
            put(out, "resources/bolt.py", "print('from the jar')");
            put(out, "resources/../escape.txt", "never written");
            put(out, "other/ignored.txt", "not a resource");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(), jar.toUri().toURL()}, null)) {
            Path dir = ShellResources.codeDir(loader);
            assertThat(Files.readString(dir.resolve("bolt.py"))).isEqualTo("print('from the directory')");
            assertThat(Files.readString(dir.resolve("storm.py"))).isEqualTo("import sys");
            assertThat(Files.readString(dir.resolve("lib/util.py"))).isEqualTo("x = 1");
            assertThat(dir.resolve("ignored.txt")).doesNotExist();
            assertThat(dir.getParent().resolve("escape.txt")).doesNotExist();
            // Built once per class loader.
            assertThat(ShellResources.codeDir(loader)).isEqualTo(dir);
        }
        assertThat(ShellResources.pidDir()).isDirectory();
    }

    private static void put(JarOutputStream out, String name, String text) throws Exception {
        out.putNextEntry(new JarEntry(name));
        OutputStream o = out;
        o.write(text.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
