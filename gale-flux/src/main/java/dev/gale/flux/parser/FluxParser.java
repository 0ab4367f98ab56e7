package dev.gale.flux.parser;

import dev.gale.flux.FluxException;
import dev.gale.flux.internal.FluxReader;
import dev.gale.flux.model.TopologyDef;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * Reads a Flux YAML topology definition from a file, a classpath resource or a stream, with
 * {@code ${property}} substitution from a properties file and {@code ${ENV-NAME}} substitution
 * from the environment. Any mistake in the YAML or its schema throws a {@link FluxException}
 * naming the file, line and key. Stateless and thread-safe.
 */
public final class FluxParser {
    private FluxParser() {
    }

    /**
     * Parses a Flux file.
     *
     * @param inputFile the YAML file
     * @param dumpYaml print the file as interpreted (after substitution) to stdout
     * @param processIncludes merge the files it includes
     * @param properties values for {@code ${name}} placeholders, or null
     * @param envSub whether {@code ${ENV-NAME}} placeholders take environment variables
     */
    public static TopologyDef parseFile(String inputFile, boolean dumpYaml, boolean processIncludes,
                                        Properties properties, boolean envSub) throws IOException {
        return reader(dumpYaml, properties, envSub ? System::getenv : null).readFile(Path.of(inputFile), processIncludes);
    }

    /** Parses a Flux classpath resource; see {@link #parseFile(String, boolean, boolean, Properties, boolean)}. */
    public static TopologyDef parseResource(String resource, boolean dumpYaml, boolean processIncludes,
                                            Properties properties, boolean envSub) throws IOException {
        return reader(dumpYaml, properties, envSub ? System::getenv : null).readResource(resource, processIncludes);
    }

    /** Parses a Flux definition from a stream; see {@link #parseFile(String, boolean, boolean, Properties, boolean)}. */
    public static TopologyDef parseInputStream(InputStream inputStream, boolean dumpYaml, boolean processIncludes,
                                               Properties properties, boolean envSub) throws IOException {
        if (inputStream == null) {
            throw new FluxException("no Flux definition to read (the input stream is null)");
        }
        return reader(dumpYaml, properties, envSub ? System::getenv : null)
                .readStream(inputStream, "<stream>", processIncludes);
    }

    /**
     * Gale only: parses a Flux file and the files it includes, taking environment variables from
     * {@code environment} (null: no {@code ${ENV-NAME}} substitution).
     */
    public static TopologyDef parseFile(Path file, Properties properties, UnaryOperator<String> environment)
            throws IOException {
        return reader(false, properties, environment).readFile(file, true);
    }

    /** Gale only: as {@link #parseFile(Path, Properties, UnaryOperator)} for a classpath resource. */
    public static TopologyDef parseResource(String resource, Properties properties, UnaryOperator<String> environment)
            throws IOException {
        return reader(false, properties, environment).readResource(resource, true);
    }

    /**
     * Reads the properties for {@code ${name}} substitution.
     *
     * @param propertiesFile a properties file, or null for none
     * @param resource whether {@code propertiesFile} names a classpath resource
     * @return the properties, or null when {@code propertiesFile} is null
     */
    public static Properties parseProperties(String propertiesFile, boolean resource) throws IOException {
        return propertiesFile == null ? null : FluxReader.properties(propertiesFile, resource);
    }

    private static FluxReader reader(boolean dumpYaml, Properties properties, UnaryOperator<String> environment) {
        return new FluxReader(properties, environment, dumpYaml ? System.out : null);
    }
}
