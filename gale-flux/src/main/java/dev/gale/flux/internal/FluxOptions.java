package dev.gale.flux.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link dev.gale.flux.Flux}, Storm Flux's flags read by hand so gale-flux
 * needs no CLI library. Short flags stand alone ({@code -l -d}, not {@code -ld}); a flag's value
 * follows it ({@code -s 5000}, {@code --sleep 5000} or {@code --sleep=5000}); {@code --} ends the
 * flags. Immutable.
 *
 * @param local run on a cluster in this JVM for {@code sleepMs}, then kill the topology
 * @param remote submit through {@code StormSubmitter} (also the default)
 * @param resource the file (and the filter file) are classpath resources
 * @param sleepMs how long a {@code local} run lasts
 * @param sleepGiven whether {@code --sleep} was on the command line
 * @param dryRun build and print the topology; run nothing
 * @param noDetail print no topology details
 * @param noSplash print no banner
 * @param inactive submit the topology deactivated
 * @param zookeeper the ignored {@code --zookeeper} value, or null
 * @param filter a properties file for {@code ${name}}, or null
 * @param envFilter substitute {@code ${ENV-NAME}} from the environment
 * @param help print the usage and do nothing else
 * @param file the Flux YAML file, or null with {@code help}
 */
public record FluxOptions(boolean local, boolean remote, boolean resource, long sleepMs, boolean sleepGiven,
                          boolean dryRun, boolean noDetail, boolean noSplash, boolean inactive, String zookeeper,
                          String filter, boolean envFilter, boolean help, String file) {

    /** How long {@code --local} runs a topology without {@code --sleep}: a minute, as Storm's Flux did. */
    public static final long DEFAULT_SLEEP_MS = 60_000;

    /** What {@code --help} prints, and what follows a usage error. */
    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: dev.gale.flux.Flux [options] <topology.yaml>",
            "Builds the topology a Flux YAML file defines and submits it (as StormSubmitter does),",
            "or runs it in this JVM with --local.",
            "  -l, --local           run it on a local cluster for --sleep ms, then kill it",
            "  -r, --remote          submit it with StormSubmitter (the default)",
            "  -s, --sleep <ms>      how long --local runs (default " + DEFAULT_SLEEP_MS + ")",
            "  -R, --resource        the file is a classpath resource (so is the --filter file)",
            "  -f, --filter <file>   properties whose values replace ${name} in the YAML",
            "  -e, --env-filter      replace ${ENV-NAME} with environment variable NAME",
            "  -d, --dry-run         build it and print it; submit nothing",
            "  -i, --inactive        submit it deactivated",
            "  -q, --no-detail       do not print the topology's spouts, bolts and streams",
            "  -n, --no-splash       do not print the banner",
            "  -z, --zookeeper <h:p> accepted for Storm's scripts and ignored",
            "  -h, --help            print this and exit");

    /** A command line Flux cannot run; the message names the flag or argument. */
    public static final class UsageException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Reads the command line.
     *
     * @throws UsageException for an unknown flag, a flag without its value, a bad number, both
     *         {@code --local} and {@code --remote}, or not exactly one file (unless {@code --help})
     */
    public static FluxOptions parse(String... args) {
        Builder b = new Builder();
        List<String> files = new ArrayList<>();
        boolean flagsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (flagsEnded || !arg.startsWith("-") || arg.equals("-")) {
                files.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                flagsEnded = true;
                continue;
            }
            String name = arg;
            String inlineValue = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inlineValue = arg.substring(eq + 1);
            }
            Flag flag = Flag.named(name);
            if (flag == null) {
                throw new UsageException("unknown option '" + arg + "'" + hint(arg));
            }
            String value = null;
            if (flag.takesValue) {
                if (inlineValue != null) {
                    value = inlineValue;
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new UsageException(name + " needs " + flag.valueName);
                }
            } else if (inlineValue != null) {
                throw new UsageException(name + " takes no value (got '" + arg + "')");
            }
            b.set(flag, name, value);
        }
        if (b.local && b.remote) {
            throw new UsageException("give --local or --remote, not both");
        }
        if (b.help) {
            return b.build(null);
        }
        if (files.isEmpty()) {
            throw new UsageException("no Flux file given");
        }
        if (files.size() > 1) {
            throw new UsageException("one Flux file expected, got " + files.size() + ": " + String.join(" ", files));
        }
        return b.build(files.get(0));
    }

    private static String hint(String arg) {
        if (arg.startsWith("--")) {
            return "";
        }
        // "-local" is a common slip for "--local".
        Flag flag = Flag.named("-" + arg);
        return flag != null ? " (did you mean '-" + arg + "'?)" : "";
    }

    /** The flags, with Storm's short and long names. */
    private enum Flag {
        LOCAL("-l", "--local", null),
        REMOTE("-r", "--remote", null),
        RESOURCE("-R", "--resource", null),
        SLEEP("-s", "--sleep", "a number of milliseconds"),
        DRY_RUN("-d", "--dry-run", null),
        NO_DETAIL("-q", "--no-detail", null),
        NO_SPLASH("-n", "--no-splash", null),
        INACTIVE("-i", "--inactive", null),
        ZOOKEEPER("-z", "--zookeeper", "a host:port"),
        FILTER("-f", "--filter", "a properties file"),
        ENV_FILTER("-e", "--env-filter", null),
        HELP("-h", "--help", null);

        final String shortName;
        final String longName;
        final String valueName;
        final boolean takesValue;

        Flag(String shortName, String longName, String valueName) {
            this.shortName = shortName;
            this.longName = longName;
            this.valueName = valueName;
            this.takesValue = valueName != null;
        }

        static Flag named(String name) {
            for (Flag f : values()) {
                if (f.shortName.equals(name) || f.longName.equals(name)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** Collects the flags as they are read. */
    private static final class Builder {
        boolean local;
        boolean remote;
        boolean resource;
        long sleepMs = DEFAULT_SLEEP_MS;
        boolean sleepGiven;
        boolean dryRun;
        boolean noDetail;
        boolean noSplash;
        boolean inactive;
        String zookeeper;
        String filter;
        boolean envFilter;
        boolean help;

        void set(Flag flag, String name, String value) {
            switch (flag) {
                case LOCAL -> local = true;
                case REMOTE -> remote = true;
                case RESOURCE -> resource = true;
                case SLEEP -> {
                    sleepMs = milliseconds(name, value);
                    sleepGiven = true;
                }
                case DRY_RUN -> dryRun = true;
                case NO_DETAIL -> noDetail = true;
                case NO_SPLASH -> noSplash = true;
                case INACTIVE -> inactive = true;
                case ZOOKEEPER -> zookeeper = value;
                case FILTER -> filter = value;
                case ENV_FILTER -> envFilter = true;
                case HELP -> help = true;
                default -> throw new IllegalStateException("unhandled flag " + flag);
            }
        }

        private static long milliseconds(String name, String value) {
            try {
                long ms = Long.parseLong(value.trim());
                if (ms >= 0) {
                    return ms;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new UsageException(name + " takes a number of milliseconds (0 or more), not '" + value + "'");
        }

        FluxOptions build(String file) {
            return new FluxOptions(local, remote, resource, sleepMs, sleepGiven, dryRun, noDetail, noSplash, inactive,
                    zookeeper, filter, envFilter, help, file);
        }
    }
}
