package dev.gale.flux;

import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.UnaryOperator;

/** Writes Flux files for a test and parses them. */
final class Yamls {
    private final Path dir;

    Yamls(Path dir) {
        this.dir = dir;
    }

    Path write(String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    TopologyDef parse(String name, String text) {
        return parse(write(name, text), null, null);
    }

    static TopologyDef parse(Path file, Properties properties, UnaryOperator<String> environment) {
        try {
            return FluxParser.parseFile(file, properties, environment);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
