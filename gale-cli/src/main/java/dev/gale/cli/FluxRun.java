package dev.gale.cli;

import dev.gale.Config;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.BoltDef;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.SpoutDef;
import dev.gale.flux.model.StreamDef;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * A Flux YAML topology for {@code gale run --flux}: read (with the {@code --filter} properties
 * and, on {@code --env-filter}, the environment), built, and its configuration merged with the
 * {@code --conf} entries, which win. Immutable once loaded.
 */
record FluxRun(String name, Config config, StormTopology topology, TopologyDef definition) {

    /**
     * @param environment the environment for {@code ${ENV-NAME}}, or null when not substituted
     * @throws UserException if a file is missing; a FluxException (a usage error) if the YAML is bad
     */
    static FluxRun load(String yaml, boolean resource, String filter, UnaryOperator<String> environment,
                        Map<String, Object> settings) throws IOException {
        if (!resource && !Files.isRegularFile(Path.of(yaml))) {
            throw new UserException("--flux " + yaml + ": no such file" + (Files.isDirectory(Path.of(yaml))
                    ? " (it is a directory)" : "; for a YAML file inside a --jar add --resource"));
        }
        if (filter != null && !resource && !Files.isRegularFile(Path.of(filter))) {
            throw new UserException("--filter " + filter + ": no such file");
        }
        Properties properties = FluxParser.parseProperties(filter, resource);
        TopologyDef def = resource ? FluxParser.parseResource(yaml, properties, environment)
                : FluxParser.parseFile(Path.of(yaml), properties, environment);
        Config config = FluxBuilder.buildConfig(def);
        config.putAll(settings);
        StormTopology topology;
        try {
            topology = FluxBuilder.buildTopology(new ExecutionContext(def, config));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Flux reports build errors as FluxException", e);
        }
        String name = def.getName() != null && !def.getName().isBlank() ? def.getName() : stem(yaml);
        return new FluxRun(name, config, topology, def);
    }

    private static String stem(String yaml) {
        String file = Path.of(yaml).getFileName().toString();
        int dot = file.lastIndexOf('.');
        return (dot > 0 ? file.substring(0, dot) : file).toLowerCase(Locale.ROOT);
    }

    /** What the file defines, as Storm's Flux prints it before a run. */
    String describe() {
        StringBuilder out = new StringBuilder();
        out.append("Flux topology ").append(name).append(" from ").append(definition.getLocation()).append('\n');
        if (definition.isDslTopology()) {
            for (SpoutDef s : definition.getSpouts()) {
                out.append(String.format("  spout  %s [%d] (%s)%n", s.getId(), s.getParallelism(), s.getClassName()));
            }
            for (BoltDef b : definition.getBolts()) {
                out.append(String.format("  bolt   %s [%d] (%s)%n", b.getId(), b.getParallelism(), b.getClassName()));
            }
            for (StreamDef sd : definition.getStreams()) {
                out.append(String.format("  stream %s --%s--> %s%n", sd.getFrom(), sd.getGrouping().getType(), sd.getTo()));
            }
        } else {
            out.append(String.format("  built by %s.%s%n", definition.getTopologySource().getClassName(),
                    definition.getTopologySource().getMethodName()));
        }
        return out.append('\n').toString();
    }
}
