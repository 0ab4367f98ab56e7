package dev.gale.storm.it;

import dev.gale.examples.ReliableWordCount;
import dev.gale.storm.TopologyJar;
import dev.gale.storm.cluster.StormProcessCluster;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives the integration tests their engines: the embedded one, new for each test, and the Storm
 * cluster, one for the whole run (started by the first test that needs it, stopped by JUnit at
 * the end of the run, every process by its pid, also when tests failed), with the topology jar
 * the tests submit: the test topologies, gale-examples, gale-core and gale-storm.
 */
public final class Engines implements ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(Engines.class);

    private final ExtensionContext.Store store;
    private final String testName;

    private Engines(ExtensionContext.Store store, String testName) {
        this.store = store;
        this.testName = testName;
    }

    /** JUnit's constructor for {@code @ExtendWith}. */
    public Engines() {
        this(null, null);
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
        return p.getParameter().getType() == Engines.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext c) {
        return new Engines(c.getRoot().getStore(NS), c.getRequiredTestClass().getSimpleName() + "-"
                + c.getRequiredTestMethod().getName());
    }

    /** The directory of this run's files: target/it. */
    static Path itDir() {
        return Path.of(System.getProperty("gale.storm.it.dir", "target/it")).toAbsolutePath();
    }

    /** A new engine of that kind (close it: the Storm one kills what it submitted, the cluster stays). */
    public Engine open(EngineKind kind) {
        if (kind == EngineKind.EMBEDDED) {
            return new EmbeddedEngine();
        }
        Shared s = store.getOrComputeIfAbsent(Shared.class, k -> Shared.start(), Shared.class);
        return new StormEngine(s.cluster, s.jar);
    }

    /** A fresh ledger directory for this test on this engine. */
    public Ledger ledger(EngineKind kind) {
        return new Ledger(itDir().resolve("ledgers").resolve(testName + "-" + kind + "-" + System.nanoTime()));
    }

    /** The cluster and the jar, closed by JUnit when the run ends. */
    static final class Shared implements AutoCloseable {
        final StormProcessCluster cluster;
        final Path jar;

        private Shared(StormProcessCluster cluster, Path jar) {
            this.cluster = cluster;
            this.jar = jar;
        }

        static Shared start() {
            Path jar = TopologyJar.builder().withGale().addEntryOf(Engines.class, ReliableWordCount.class)
                    .write(itDir().resolve("topology.jar"));
            StormProcessCluster cluster = StormProcessCluster.builder().home(itDir().resolve("storm-cluster"))
                    .keepFiles(true).start();
            return new Shared(cluster, jar);
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
