package dev.gale.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * gale-core's module descriptor exports exactly its API: every package of its main classes but the
 * engine's internals ({@code dev.gale.impl.*}). Read from the compiled descriptor, so a new API
 * package that is not exported, or an exported internal one, fails the build.
 */
class ModuleInfoTest {
    private static final Path CLASSES = Path.of("target", "classes");

    @Test
    void exportsEveryApiPackageAndNoInternalOne() throws IOException {
        ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        Set<String> exported = module.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> api;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            api = files.filter(f -> f.toString().endsWith(".class") && !f.endsWith("module-info.class"))
                    .map(f -> CLASSES.relativize(f.getParent()).toString().replace('/', '.'))
                    .filter(p -> !p.startsWith("dev.gale.impl"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(module.name()).isEqualTo("dev.gale.core");
        assertThat(exported).as("exported packages").isEqualTo(api);
        assertThat(exported).noneMatch(p -> p.startsWith("dev.gale.impl"));
    }
}
