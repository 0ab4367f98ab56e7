package dev.gale.storm;

import java.util.Map;
import org.apache.storm.utils.Utils;

/** What Storm's own configuration files say, read as Storm reads them. Only used with Storm on the class path. Stateless. */
final class StormEnvironment {
    private StormEnvironment() {
    }

    /**
     * The {@code nimbus.seeds} of a {@code storm.yaml} Storm would read (the file named by
     * {@code -Dstorm.conf.file}, else {@code storm.yaml} on the class path), or null if none
     * sets it (Storm's defaults always name localhost: they do not count).
     */
    static Object configuredNimbusSeeds() {
        String file = System.getProperty("storm.conf.file");
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = StormEnvironment.class.getClassLoader();
        }
        if ((file == null || file.isEmpty()) && loader.getResource("storm.yaml") == null) {
            return null; // nothing Storm would read: no need to load Storm's classes to find out
        }
        try {
            Map<String, Object> conf = file == null || file.isEmpty() ? Utils.findAndReadConfigFile("storm.yaml", false)
                    : Utils.findAndReadConfigFile(file, false);
            return conf == null ? null : conf.get("nimbus.seeds");
        } catch (RuntimeException e) {
            return null;
        }
    }
}
