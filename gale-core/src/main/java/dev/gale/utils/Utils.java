package dev.gale.utils;

import dev.gale.generated.ComponentObject;
import dev.gale.generated.GlobalStreamId;
import dev.gale.impl.topology.StormDefaults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Small helpers that Storm code uses. Stateless and thread-safe. */
public final class Utils {
    /** The stream a component emits on unless it names another. */
    public static final String DEFAULT_STREAM_ID = "default";
    private static final Logger LOG = LoggerFactory.getLogger(Utils.class);

    private Utils() {
    }

    /**
     * Sleeps as Storm's does, through {@link Time#sleep}: on simulated time when the calling thread
     * reads it (an executor of a topology on a SimulatedClock, or inside Time.SimulatedTime), else
     * real time. Returns early, interrupt flag set, if interrupted.
     */
    public static void sleep(long millis) {
        try {
            // As Storm's: simulated time when the caller reads it (see Time.sleep), else real time.
            Time.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A mutable list of the values. */
    public static List<Object> tuple(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    /**
     * Whether a topology configuration reaches the topology as it was given. Storm sends it to
     * its workers as JSON, which keeps only JSON values (strings, numbers, booleans, lists, maps
     * with string keys): an object of another class becomes its {@code toString()}. Storm's submit
     * refuses a configuration that does not survive that; Gale's embedded engine hands it over in
     * memory, but a configuration meant to run on a Storm cluster too (gale-storm) should pass.
     * An Integer read back as a Long is not counted as a change (a Float is, when its double reads
     * back otherwise, as in Storm). Logs a warning for each key lost or changed.
     */
    public static boolean isValidConf(Map<String, Object> topoConfIn) {
        return ConfRoundTrip.survives(topoConfIn);
    }

    /** The stream {@code streamId} of a component; a null stream id means the default stream. */
    public static GlobalStreamId getGlobalStreamId(String componentId, String streamId) {
        return new GlobalStreamId(componentId, streamId == null ? DEFAULT_STREAM_ID : streamId);
    }

    /**
     * The object's Java serialization.
     *
     * @throws RuntimeException if it (or an object it references) is not serializable
     */
    public static byte[] javaSerialize(Object obj) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(obj);
        } catch (IOException e) {
            throw new RuntimeException("cannot serialize " + (obj == null ? "null" : obj.getClass().getName()) + ": " + e, e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads back what {@link #javaSerialize} wrote, resolving classes with the thread's context class
     * loader first (as code loaded by a plugin or test class loader needs).
     *
     * @throws RuntimeException if the bytes cannot be read or the object is not a {@code clazz}
     */
    public static <T> T javaDeserialize(byte[] serialized, Class<T> clazz) {
        try (ObjectInputStream in = new ContextObjectInputStream(new ByteArrayInputStream(serialized))) {
            return clazz.cast(in.readObject());
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new RuntimeException("cannot deserialize a " + clazz.getName() + ": " + e, e);
        }
    }

    /** The component a {@link ComponentObject} holds, deserialized. */
    public static Object getSetComponentObject(ComponentObject obj) {
        return javaDeserialize(obj.get_serialized_java(), Serializable.class);
    }

    /** The buffer's remaining bytes, copied; the buffer's position does not move. */
    public static byte[] toByteArray(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    // ---- configuration files, as Storm reads them. YAML needs SnakeYAML on the classpath (an
    // optional dependency of gale-core); without it these fail saying so.

    /** Every resource of that name on the thread's context class loader's classpath. */
    public static List<URL> findResources(String name) {
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            if (loader == null) {
                loader = Utils.class.getClassLoader();
            }
            Enumeration<URL> resources = loader.getResources(name);
            List<URL> out = new ArrayList<>();
            while (resources.hasMoreElements()) {
                out.add(resources.nextElement());
            }
            return out;
        } catch (IOException e) {
            throw new RuntimeException("cannot look up the resource " + name + ": " + e, e);
        }
    }

    /**
     * Reads a YAML configuration file, as Storm does: the resource of that name on the classpath,
     * else the file at that path. A copy the caller may change.
     *
     * @param mustExist if false, a missing or empty file gives an empty map
     * @throws RuntimeException if it must exist and does not, or is empty; if the name is found as
     *     several resources; or for bad YAML, naming the file, line and column
     */
    public static Map<String, Object> findAndReadConfigFile(String name, boolean mustExist) {
        if (name == null) {
            throw new RuntimeException("cannot read a configuration file: no name given");
        }
        Set<URL> resources = new LinkedHashSet<>(findResources(name));
        if (resources.size() > 1) {
            throw new RuntimeException("found several resources " + name + " on the classpath (is a copy of it bundled in"
                    + " your topology jar?): " + resources);
        }
        Map<String, Object> read;
        String source;
        try {
            if (resources.size() == 1) {
                URL url = resources.iterator().next();
                source = url.toString();
                try (InputStream in = url.openStream()) {
                    read = ConfigYaml.readMap(in, source);
                }
            } else {
                File file = new File(name);
                source = file.getPath();
                if (!file.isFile()) {
                    if (mustExist) {
                        throw new RuntimeException("could not find the configuration file " + name
                                + " on the classpath nor as a file");
                    }
                    return new HashMap<>();
                }
                try (InputStream in = new FileInputStream(file)) {
                    read = ConfigYaml.readMap(in, source);
                }
            }
        } catch (IOException e) {
            throw new RuntimeException("cannot read the configuration file " + name + ": " + e, e);
        }
        if (read == null) {
            if (mustExist) {
                throw new RuntimeException("the configuration file " + source + " holds no configuration");
            }
            return new HashMap<>();
        }
        return new HashMap<>(read);
    }

    /** Same as {@code findAndReadConfigFile(name, true)}. */
    public static Map<String, Object> findAndReadConfigFile(String name) {
        return findAndReadConfigFile(name, true);
    }

    /**
     * Storm's {@code defaults.yaml} as Gale applies it: every {@code topology.*} key with the value
     * components see when the topology sets none (keys without a default are present with null).
     * Cluster and daemon keys are left out: Gale has no cluster.
     */
    public static Map<String, Object> readDefaultConfig() {
        return new HashMap<>(StormDefaults.topology());
    }

    /**
     * The configuration given on the command line in the {@code storm.options} system property, as
     * Storm's {@code storm} command passes it: comma-separated {@code key=value}, each URL-encoded,
     * each value read as JSON (a number, boolean, list or map) when it is one, else kept as text.
     */
    public static Map<String, Object> readCommandLineOpts() {
        Map<String, Object> out = new HashMap<>();
        String options = System.getProperty("storm.options");
        if (options == null) {
            return out;
        }
        // Commas inside a JSON list or map do not separate options.
        for (String option : options.split(",(?![^\\[\\]{}]*(]|}))")) {
            String decoded = URLDecoder.decode(option, StandardCharsets.UTF_8);
            String[] kv = decoded.split("=", 2);
            if (kv.length == 2) {
                out.put(kv[0], ConfigYaml.parseValue(kv[1]));
            }
        }
        return out;
    }

    /**
     * The configuration a Storm client reads: {@link #readDefaultConfig()}, under {@code storm.yaml}
     * (a resource, else a file in the working directory; or the file the {@code storm.conf.file}
     * system property names, which must exist), under {@link #readCommandLineOpts()}.
     */
    public static Map<String, Object> readStormConfig() {
        Map<String, Object> conf = readDefaultConfig();
        String file = System.getProperty("storm.conf.file");
        conf.putAll(file == null || file.isEmpty() ? findAndReadConfigFile("storm.yaml", false)
                : findAndReadConfigFile(file, true));
        conf.putAll(readCommandLineOpts());
        return conf;
    }

    /**
     * A YAML file's content (a map, list or value), or null if it cannot be read, the error logged:
     * Storm's lenient reader. {@link #findAndReadConfigFile} throws instead.
     */
    public static Object readYamlFile(String yamlFile) {
        try (InputStream in = new FileInputStream(yamlFile)) {
            return ConfigYaml.readAny(in, yamlFile);
        } catch (IOException | RuntimeException e) {
            LOG.error("Failed to read yaml file {}", yamlFile, e);
            return null;
        }
    }

    private static final class ContextObjectInputStream extends ObjectInputStream {
        ContextObjectInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // fall back to the default resolution below
                }
            }
            return super.resolveClass(desc);
        }
    }
}
