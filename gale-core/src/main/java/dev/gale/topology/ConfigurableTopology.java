package dev.gale.topology;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.StormSubmitter;
import dev.gale.utils.Utils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Base class for topology mains, as in Storm 2's storm-starter: subclasses build a topology in
 * {@link #run} and {@link #submit} it with {@link #getConf()}. Arguments understood before
 * {@code run} sees the rest: {@code -conf FILE} (flat {@code key: value} lines, YAML style),
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
                    loadConf(Path.of(value(args, ++i, "-conf")));
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

    private void loadConf(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read configuration file " + file + ": " + e.getMessage(), e);
        }
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": expected 'key: value', got '" + line + "'");
            }
            conf.put(line.substring(0, colon).strip(), parseValue(line.substring(colon + 1).strip()));
        }
    }

    private static Object parseValue(String v) {
        if (v.equals("true") || v.equals("false")) {
            return Boolean.parseBoolean(v);
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException notInt) {
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException notNumber) {
                return v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))
                        ? v.substring(1, v.length() - 1) : v;
            }
        }
    }
}
