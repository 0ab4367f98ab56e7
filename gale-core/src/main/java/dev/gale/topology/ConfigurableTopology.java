package dev.gale.topology;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.StormSubmitter;
import dev.gale.utils.Utils;
import java.io.File;
import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Base class for topology mains, as in Storm 2's storm-starter: subclasses build a topology in
 * {@link #run} and {@link #submit} it with {@link #getConf()}. Arguments understood before
 * {@code run} sees the rest: {@code -conf FILE} (a YAML file, see {@link #loadConf}; needs
 * SnakeYAML on the classpath),
 * {@code -local} (accepted; Gale always runs in-process) and {@code -ttl SECONDS} (run for that
 * long, then kill the topology and return; without it a submitted topology runs until the JVM
 * exits).
 *
 * <p>Not thread-safe; one instance per main.
 */
public abstract class ConfigurableTopology {
    protected Config conf = new Config();
    private int ttlSeconds = -1;

    /** Parses the common arguments, then runs the topology's main logic. */
    public static void start(ConfigurableTopology topology, String[] args) {
        String[] rest = topology.parse(args);
        try {
            topology.run(rest);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    protected Config getConf() {
        return conf;
    }

    /** Builds and submits the topology; returns an exit status. */
    protected abstract int run(String[] args) throws Exception;

    /** Submits a topology; with {@code -ttl}, runs it that long, kills it and returns. */
    protected int submit(String name, Config conf, TopologyBuilder builder) {
        if (ttlSeconds < 0) {
            StormSubmitter.submitTopology(name, conf, builder.createTopology());
            return 0;
        }
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, conf, builder.createTopology());
            Utils.sleep(ttlSeconds * 1000L);
        }
        return 0;
    }

    /** Submits the topology under the name in {@code topology.name}. */
    protected int submit(Config conf, TopologyBuilder builder) {
        Object name = conf.get(Config.TOPOLOGY_NAME);
        if (!(name instanceof String) || ((String) name).isBlank()) {
            throw new IllegalArgumentException("no value found for " + Config.TOPOLOGY_NAME + " to submit the topology"
                    + " under");
        }
        return submit((String) name, conf, builder);
    }

    String[] parse(String[] args) {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-local":
                    break;
                case "-ttl":
                    ttlSeconds = Integer.parseInt(value(args, ++i, "-ttl"));
                    break;
                case "-conf":
                    String file = value(args, ++i, "-conf");
                    try {
                        loadConf(file, conf);
                    } catch (FileNotFoundException e) {
                        throw new IllegalArgumentException("-conf " + file + ": no such file", e);
                    }
                    break;
                default:
                    rest.add(args[i]);
            }
        }
        return rest.toArray(new String[0]);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value; arguments were " + Arrays.toString(args));
        }
        return args[i];
    }

    /**
     * Reads a YAML configuration file into {@code conf}, as Storm's {@code -conf} does: any YAML
     * (lists, maps, numbers, booleans, strings), whose top level is a map of keys. A file holding
     * only the key {@code config} with a map under it gives that map, so one file serves Flux and
     * this class. Returns {@code conf}. Needs SnakeYAML on the classpath (see {@link Utils}).
     *
     * @throws FileNotFoundException if there is no such file
     * @throws IllegalArgumentException for bad YAML, naming the file, line and column
     */
    @SuppressWarnings("unchecked")
    public static Config loadConf(String resource, Config conf) throws FileNotFoundException {
        File file = new File(resource);
        if (!file.isFile()) {
            throw new FileNotFoundException("configuration file not found: " + resource);
        }
        // An absolute path is never taken for a classpath resource.
        Map<String, Object> read = Utils.findAndReadConfigFile(file.getAbsolutePath(), false);
        if (read.size() == 1 && read.get("config") instanceof Map) {
            read = (Map<String, Object>) read.get("config");
        }
        conf.putAll(read);
        return conf;
    }
}
