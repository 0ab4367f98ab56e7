package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import dev.gale.flux.model.IncludeDef;
import dev.gale.flux.model.TopologyDef;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads Flux files: parses, substitutes placeholders into the parsed values, checks the schema and
 * merges includes (to any depth; an include cycle is an error). Files named relative to an including file are looked
 * up beside it first, then in the working directory (Storm's only place); resources are looked
 * up through the context class loader, so they are found in a user's jar. Confined to one parse.
 */
public final class FluxReader {
    private static final Logger LOG = LoggerFactory.getLogger(FluxReader.class);

    private final Placeholders placeholders;
    private final PrintStream dump;
    private final Map<Object, String> substituted = new IdentityHashMap<>();

    /**
     * @param properties the filter's properties, or null
     * @param environment environment variables, or null when they are not substituted
     * @param dump where to print each file as interpreted (after substitution, values included), or null
     */
    public FluxReader(Properties properties, UnaryOperator<String> environment, PrintStream dump) {
        this.placeholders = new Placeholders(properties, environment);
        this.dump = dump;
    }

    /** A Flux file to read: its text's name in messages and how to find files it includes. */
    private record Source(String name, String key, Path directory) {
    }

    public TopologyDef readFile(Path file, boolean processIncludes) throws IOException {
        return withSubstitutions(read(fileSource(file), readFileText(file), processIncludes, new LinkedHashSet<>()));
    }

    public TopologyDef readResource(String resource, boolean processIncludes) throws IOException {
        return withSubstitutions(read(resourceSource(resource), readResourceText(resource), processIncludes,
                new LinkedHashSet<>()));
    }

    public TopologyDef readStream(InputStream in, String name, boolean processIncludes) throws IOException {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return withSubstitutions(read(new Source(name, "stream:" + name, null), text, processIncludes,
                new LinkedHashSet<>()));
    }

    /** The definition, told which of its values substitution made (of its includes, too), for its messages. */
    private TopologyDef withSubstitutions(TopologyDef def) {
        def.getSubstitutedValues().putAll(substituted);
        return def;
    }

    /** Parses text that was read already; used for an include's file, too. */
    private TopologyDef read(Source source, String text, boolean processIncludes, Set<String> open) throws IOException {
        if (!open.add(source.key())) {
            throw new FluxException(source.name() + ": included again from itself (include cycle: "
                    + String.join(" -> ", open) + " -> " + source.key() + ")");
        }
        FluxYaml yaml = new FluxYaml(source.name(), substituted);
        Node root = placeholders.apply(yaml.compose(text), source.name());
        if (dump != null) {
            dump.println("Configuration (interpreted) of " + source.name() + ":\n" + FluxYaml.dump(root));
        }
        TopologyDef def = new TopologyBinder(yaml).bind(root);
        if (processIncludes && def.getIncludes() != null) {
            for (IncludeDef include : def.getIncludes()) {
                merge(def, include(source, include, open), include.isOverride());
            }
        }
        open.remove(source.key());
        return def;
    }

    private TopologyDef include(Source from, IncludeDef include, Set<String> open) throws IOException {
        if (include.isResource()) {
            LOG.info("{}: including resource {}", from.name(), include.getFile());
            return read(resourceSource(include.getFile()), readResourceText(include.getFile(), from.name()), true, open);
        }
        Path file = Path.of(include.getFile());
        if (!file.isAbsolute() && from.directory() != null && Files.isRegularFile(from.directory().resolve(file))) {
            file = from.directory().resolve(file);
        }
        if (!Files.isRegularFile(file)) {
            throw new FluxException(from.name() + ": included file " + include.getFile() + " not found"
                    + (from.directory() != null ? " (looked beside it and in the working directory)" : "")
                    + "; for a classpath resource write 'resource: true'");
        }
        LOG.info("{}: including file {}", from.name(), file);
        return read(fileSource(file), readFileText(file), true, open);
    }

    /** Storm's include rules: an include's name and config keys, and definitions by id, win only with override. */
    private static void merge(TopologyDef into, TopologyDef included, boolean override) {
        if (included.getName() != null) {
            into.setName(included.getName(), override);
        }
        Map<String, Object> config = into.getConfig();
        for (Map.Entry<String, Object> e : included.getConfig().entrySet()) {
            if (override || !config.containsKey(e.getKey())) {
                config.put(e.getKey(), e.getValue());
            } else {
                LOG.warn("Ignoring attempt to set topology config property '{}' with override == false", e.getKey());
            }
        }
        into.addAllComponents(included.getComponents(), override);
        into.addAllBolts(included.getBolts(), override);
        into.addAllSpouts(included.getSpouts(), override);
        into.addAllStreams(included.getStreams(), override);
        into.addAllWorkerHooks(included.getWorkerHooks(), override);
        if (into.getTopologySource() == null || override) {
            if (included.getTopologySource() != null) {
                into.setTopologySource(included.getTopologySource());
            }
        }
    }

    private static Source fileSource(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return new Source(file.toString(), absolute.toString(), absolute.getParent());
    }

    private static Source resourceSource(String resource) {
        return new Source(resource, "resource:" + strip(resource), null);
    }

    private static String readFileText(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new FluxException(file + ": no such file", e);
        } catch (MalformedInputException e) {
            throw new FluxException(file + ": not a text file in UTF-8", e);
        }
    }

    private static String readResourceText(String resource) throws IOException {
        return readResourceText(resource, null);
    }

    private static String readResourceText(String resource, String includedFrom) throws IOException {
        try (InputStream in = openResource(resource)) {
            if (in == null) {
                throw new FluxException((includedFrom == null ? "" : includedFrom + ": included ")
                        + "classpath resource " + resource + " not found");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A classpath resource, through the context class loader first (a user's jar), then Gale's. */
    public static InputStream openResource(String resource) {
        String name = strip(resource);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        InputStream in = context == null ? null : context.getResourceAsStream(name);
        return in != null ? in : FluxReader.class.getClassLoader().getResourceAsStream(name);
    }

    private static String strip(String resource) {
        return resource.startsWith("/") ? resource.substring(1) : resource;
    }

    /** Java properties from a file or a classpath resource, for {@code --filter}. */
    public static Properties properties(String name, boolean resource) throws IOException {
        Properties p = new Properties();
        if (resource) {
            try (InputStream in = openResource(name)) {
                if (in == null) {
                    throw new FluxException("filter: classpath resource " + name + " not found");
                }
                p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } else {
            Path file = Path.of(name);
            if (!Files.isRegularFile(file)) {
                throw new FluxException("filter: " + name + ": no such file");
            }
            try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(reader);
            }
        }
        return p;
    }
}
