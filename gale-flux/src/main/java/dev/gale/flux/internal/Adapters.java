package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import dev.gale.spi.ComponentAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ComponentAdapter}s on the classpath (found through the thread's context class loader,
 * where {@code gale run} puts the user's jars), asked in the order found for a Gale component that
 * runs an object a Flux file names but Gale cannot run as it is. They are looked up once, when first
 * needed. Confined to one build.
 */
final class Adapters {
    private static final Logger LOG = LoggerFactory.getLogger(Adapters.class);

    private List<ComponentAdapter> adapters;

    /**
     * The first adapter's Gale component for {@code component}, or null when no adapter knows it.
     *
     * @param subject names the component in messages
     */
    Object adapt(Object component, String subject) {
        for (ComponentAdapter adapter : adapters(subject)) {
            Object adapted;
            try {
                adapted = adapter.adapt(component);
            } catch (RuntimeException | LinkageError e) {
                throw new FluxException(subject + ": " + adapter.describe() + " cannot run "
                        + component.getClass().getName() + ": " + e, e);
            }
            if (adapted != null) {
                LOG.info("{}: {} runs through {}", subject, component.getClass().getName(), adapter.describe());
                return adapted;
            }
        }
        return null;
    }

    private List<ComponentAdapter> adapters(String subject) {
        if (adapters == null) {
            List<ComponentAdapter> found = new ArrayList<>();
            try {
                ServiceLoader.load(ComponentAdapter.class).forEach(found::add);
            } catch (ServiceConfigurationError e) {
                throw new FluxException(subject + ": cannot load the component adapters on the classpath: "
                        + e.getMessage(), e);
            }
            adapters = found;
        }
        return adapters;
    }
}
