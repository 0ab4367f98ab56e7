package dev.gale.cli.port;

import java.util.List;
import java.util.Optional;

/**
 * A third-party library a Storm project may use: the package it owns, its Maven coordinates as
 * Storm 2.8.3 bundles them (shaded into storm-shaded-deps, or brought by storm-client), and whether
 * gale-core brings it already. Immutable.
 *
 * @param packagePrefix the library's package, matched whole segments at a time
 * @param groupId Maven group
 * @param artifactId Maven artifact
 * @param version the version Storm 2.8.3 bundles, or {@code null} when not known with confidence
 * @param origin how a Storm 2.8.3 project got it without declaring it
 */
record Library(String packagePrefix, String groupId, String artifactId, String version, Origin origin) {

    /** How a Storm 2.8.3 project had the library on its classpath. */
    enum Origin {
        /** Relocated into storm-shaded-deps under {@code org.apache.storm.shade}. */
        SHADED,
        /** A dependency of storm-client 2.8.3. */
        STORM_CLIENT,
        /** A dependency of gale-core: a ported project still has it. */
        GALE_CORE,
        /** Not a dependency of storm-client 2.8.3: the project had it from elsewhere. */
        ELSEWHERE
    }

    /** {@code group:artifact}. */
    String key() {
        return groupId + ":" + artifactId;
    }

    /** {@code group:artifact:version}, or {@code group:artifact} when the version is unknown. */
    String coordinates() {
        return version == null ? key() : key() + ":" + version;
    }

    /**
     * The packages storm-shaded-deps 2.8.3 relocates under {@code org.apache.storm.shade} (and
     * Thrift, relocated to {@code org.apache.storm.thrift}), with the versions its jar's
     * {@code META-INF/maven} records and Storm's parent POM manages. The longest prefix wins.
     */
    static final List<Library> SHADED = List.of(
            new Library("com.google.common", "com.google.guava", "guava", "33.5.0-jre", Origin.SHADED),
            new Library("com.google.thirdparty", "com.google.guava", "guava", "33.5.0-jre", Origin.SHADED),
            new Library("org.apache.curator", "org.apache.curator", "curator-client", "5.9.0", Origin.SHADED),
            new Library("org.apache.curator.framework", "org.apache.curator", "curator-framework", "5.9.0",
                    Origin.SHADED),
            new Library("org.apache.curator.framework.recipes", "org.apache.curator", "curator-recipes", "5.9.0",
                    Origin.SHADED),
            new Library("org.apache.zookeeper", "org.apache.zookeeper", "zookeeper", "3.9.4", Origin.SHADED),
            new Library("org.apache.jute", "org.apache.zookeeper", "zookeeper-jute", "3.9.4", Origin.SHADED),
            new Library("org.apache.commons.io", "commons-io", "commons-io", "2.20.0", Origin.SHADED),
            new Library("org.apache.commons.lang", "commons-lang", "commons-lang", "2.6", Origin.SHADED),
            new Library("org.apache.commons.collections4", "org.apache.commons", "commons-collections4", "4.5.0",
                    Origin.SHADED),
            new Library("org.apache.commons.codec", "commons-codec", "commons-codec", "1.19.0", Origin.SHADED),
            new Library("org.jctools", "org.jctools", "jctools-core", "4.0.5", Origin.GALE_CORE),
            new Library("org.yaml.snakeyaml", "org.yaml", "snakeyaml", "2.2", Origin.GALE_CORE),
            new Library("io.netty", "io.netty", "netty-all", "4.2.7.Final", Origin.SHADED),
            new Library("org.jgrapht", "org.jgrapht", "jgrapht-core", "0.9.0", Origin.SHADED),
            new Library("net.minidev.json", "net.minidev", "json-smart", "2.6.0", Origin.SHADED),
            new Library("net.minidev.asm", "net.minidev", "accessors-smart", "2.6.0", Origin.SHADED),
            new Library("org.objectweb.asm", "org.ow2.asm", "asm", "9.9", Origin.SHADED),
            new Library("org.xerial.snappy", "org.xerial.snappy", "snappy-java", "1.1.10.8", Origin.SHADED),
            new Library("uk.org.lidalia.sysoutslf4j", "uk.org.lidalia", "sysout-over-slf4j", "1.0.2", Origin.SHADED),
            new Library("org.apache.thrift", "org.apache.thrift", "libthrift", "0.22.0", Origin.SHADED));

    /**
     * Libraries a Storm project imports directly: what storm-client 2.8.3 brought (so a ported
     * project must now declare them), what gale-core brings, and common ones it did not bring.
     */
    static final List<Library> DIRECT = List.of(
            new Library("com.esotericsoftware.kryo", "com.esotericsoftware", "kryo", "5.6.2", Origin.STORM_CLIENT),
            new Library("com.esotericsoftware.minlog", "com.esotericsoftware", "kryo", "5.6.2", Origin.STORM_CLIENT),
            new Library("com.codahale.metrics", "io.dropwizard.metrics", "metrics-core", "4.2.37", Origin.GALE_CORE),
            new Library("com.codahale.metrics.graphite", "io.dropwizard.metrics", "metrics-graphite", "4.2.37",
                    Origin.STORM_CLIENT),
            new Library("com.codahale.metrics.jvm", "io.dropwizard.metrics", "metrics-jvm", "4.2.37",
                    Origin.STORM_CLIENT),
            new Library("com.codahale.metrics.jmx", "io.dropwizard.metrics", "metrics-jmx", "4.2.37",
                    Origin.STORM_CLIENT),
            new Library("org.apache.logging.log4j", "org.apache.logging.log4j", "log4j-api", "2.25.2",
                    Origin.STORM_CLIENT),
            new Library("org.apache.logging.log4j.core", "org.apache.logging.log4j", "log4j-core", "2.25.2",
                    Origin.STORM_CLIENT),
            // Log4j 1's API, which storm-client brought as SLF4J's bridge (storm-starter's bolts log with it).
            new Library("org.apache.log4j", "org.slf4j", "log4j-over-slf4j", "2.0.17", Origin.STORM_CLIENT),
            new Library("org.slf4j", "org.slf4j", "slf4j-api", null, Origin.GALE_CORE),
            new Library("org.jctools", "org.jctools", "jctools-core", null, Origin.GALE_CORE),
            new Library("org.yaml.snakeyaml", "org.yaml", "snakeyaml", null, Origin.GALE_CORE),
            new Library("org.HdrHistogram", "org.hdrhistogram", "HdrHistogram", null, Origin.GALE_CORE),
            new Library("com.google.common", "com.google.guava", "guava", null, Origin.ELSEWHERE),
            new Library("org.apache.commons.lang3", "org.apache.commons", "commons-lang3", null, Origin.ELSEWHERE),
            new Library("org.apache.commons.lang", "commons-lang", "commons-lang", null, Origin.ELSEWHERE),
            new Library("org.apache.commons.io", "commons-io", "commons-io", null, Origin.ELSEWHERE),
            new Library("org.json.simple", "com.googlecode.json-simple", "json-simple", null, Origin.ELSEWHERE),
            new Library("net.minidev.json", "net.minidev", "json-smart", null, Origin.ELSEWHERE),
            new Library("org.apache.curator", "org.apache.curator", "curator-framework", null, Origin.ELSEWHERE),
            new Library("org.apache.zookeeper", "org.apache.zookeeper", "zookeeper", null, Origin.ELSEWHERE),
            new Library("org.apache.thrift", "org.apache.thrift", "libthrift", null, Origin.ELSEWHERE));

    /** The library of {@code qualifiedName} in {@code libraries}: the longest matching prefix. */
    static Optional<Library> of(String qualifiedName, List<Library> libraries) {
        Library best = null;
        for (Library l : libraries) {
            if (Names.hasPrefix(qualifiedName, l.packagePrefix())
                    && (best == null || l.packagePrefix().length() > best.packagePrefix().length())) {
                best = l;
            }
        }
        return Optional.ofNullable(best);
    }
}
