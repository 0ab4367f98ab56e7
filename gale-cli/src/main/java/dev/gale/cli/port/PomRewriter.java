package dev.gale.cli.port;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a Maven POM's Storm dependencies to Gale's, as text, so the rest of the file (comments,
 * layout, the shade plugin's configuration) stays as the user wrote it: storm-client, storm-core and
 * storm-server become gale-core at compile scope (Gale runs inside the application, nothing provides
 * it), storm-kafka-client gale-kafka, flux-core and flux-wrappers gale-flux, storm-redis gale-redis
 * when only its state provider is used. Dependencies the ported code needs and the POM does not
 * declare are added. Stateless.
 */
final class PomRewriter {
    private static final String STORM_GROUP = "org.apache.storm";
    private static final String GALE_GROUP = "dev.gale";
    private static final Pattern TAG = Pattern.compile("<!--.*?-->|<!\\[CDATA\\[.*?]]>|<\\?.*?\\?>|<(/?)([A-Za-z_][\\w.:-]*)[^>]*?(/?)>",
            Pattern.DOTALL);
    private static final Set<String> CONNECTORS = Set.of("storm-hdfs", "storm-hbase", "storm-hive", "storm-jdbc",
            "storm-jms", "storm-cassandra", "storm-elasticsearch", "storm-mongodb", "storm-mqtt", "storm-kinesis",
            "storm-eventhubs", "storm-solr", "storm-opentsdb", "storm-druid", "storm-pmml", "storm-rocketmq",
            "storm-sql-core", "storm-sql-runtime", "storm-hdfs-blobstore", "storm-hdfs-oci", "storm-kafka-monitor",
            "storm-autocreds", "storm-metrics", "storm-redis");
    private static final Set<String> SLF4J_BINDINGS = Set.of("org.slf4j:slf4j-simple", "ch.qos.logback:logback-classic",
            "org.apache.logging.log4j:log4j-slf4j2-impl", "org.apache.logging.log4j:log4j-slf4j-impl",
            "org.slf4j:slf4j-reload4j", "org.slf4j:slf4j-log4j12", "org.slf4j:slf4j-jdk14");

    private PomRewriter() {
    }

    /**
     * What the ported tree needs of this POM.
     *
     * @param galeVersion the version of Gale's artifacts
     * @param galeModules Gale modules the ported code uses (gale-kafka for {@code dev.gale.kafka}...)
     * @param libraries libraries to declare when the POM does not (coordinates with versions)
     * @param redisBeyondState whether the code uses storm-redis beyond its state provider
     * @param addMissing whether to add the Gale modules and libraries above when the POM lacks them
     * @param addBinding whether this POM is the one to add an SLF4J binding to when it maps storm-client
     *     and declares none
     */
    record Needs(String galeVersion, Set<String> galeModules, List<Library> libraries, boolean redisBeyondState,
            boolean addMissing, boolean addBinding) {
    }

    /** The rewritten POM, each change in words, and the edits left to the user. */
    record Result(String text, List<String> changes, List<Finding> findings, boolean declaresStorm) {
    }

    /** A {@code <dependency>} element: where it is and what it names. */
    private record Dep(int start, int end, int section, String groupId, String artifactId, String version,
            String scope) {
        String key() {
            return groupId + ":" + artifactId;
        }
    }

    /** The Gale artifact a Storm artifact becomes, if any. */
    static Optional<String> galeArtifactFor(String stormArtifact, boolean redisBeyondState) {
        switch (stormArtifact) {
            case "storm-client":
            case "storm-core":
            case "storm-server":
                return Optional.of("gale-core");
            case "storm-kafka-client":
                return Optional.of("gale-kafka");
            case "flux-core":
            case "flux-wrappers":
                return Optional.of("gale-flux");
            case "storm-redis":
                return redisBeyondState ? Optional.empty() : Optional.of("gale-redis");
            default:
                return Optional.empty();
        }
    }

    static Result rewrite(String pom, String path, Needs needs) {
        List<Dep> deps = new ArrayList<>();
        int projectDepsEnd = -1;
        int projectEnd = -1;
        List<String> stack = new ArrayList<>();
        List<Integer> sectionStarts = new ArrayList<>();
        int depStart = -1;
        Matcher m = TAG.matcher(pom);
        Set<String> plugins = new LinkedHashSet<>();
        while (m.find()) {
            String name = m.group(2);
            if (name == null) {
                continue; // comment, CDATA, declaration
            }
            boolean closing = !m.group(1).isEmpty();
            boolean empty = !m.group(3).isEmpty();
            if (!closing) {
                if (name.equals("dependency")) {
                    depStart = m.start();
                }
                if (name.equals("dependencies")) {
                    sectionStarts.add(m.start());
                }
                if (!empty) {
                    stack.add(name);
                }
                continue;
            }
            String path2 = String.join("/", stack);
            if (name.equals("dependency") && depStart >= 0 && !sectionStarts.isEmpty()
                    && path2.endsWith("dependencies/dependency")) {
                String block = pom.substring(depStart, m.end()).replaceAll("(?s)<exclusions>.*?</exclusions>", "");
                deps.add(new Dep(depStart, m.end(), sectionStarts.get(sectionStarts.size() - 1), text(block, "groupId"),
                        text(block, "artifactId"), text(block, "version"), text(block, "scope")));
                depStart = -1;
            } else if (name.equals("dependencies") && path2.equals("project/dependencies")) {
                projectDepsEnd = m.start();
            } else if (name.equals("project") && stack.size() == 1) {
                projectEnd = m.start();
            } else if (name.equals("artifactId") && path2.endsWith("plugins/plugin/artifactId")) {
                String plugin = pom.substring(pom.lastIndexOf('>', m.start() - 1) + 1, m.start()).strip();
                if (plugin.equals("maven-shade-plugin") || plugin.equals("maven-assembly-plugin")) {
                    plugins.add(plugin);
                }
            }
            if (!stack.isEmpty()) {
                stack.remove(stack.size() - 1);
            }
        }

        Set<String> declared = new HashSet<>();
        for (Dep d : deps) {
            declared.add(d.key());
        }
        List<String> changes = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        Map<Integer, Set<String>> galeBySection = new HashMap<>();
        for (Dep d : deps) {
            if (d.groupId().equals(GALE_GROUP)) {
                galeBySection.computeIfAbsent(d.section(), s -> new HashSet<>()).add(d.artifactId());
            }
        }
        StringBuilder out = new StringBuilder();
        int last = 0;
        boolean declaresStorm = false;
        boolean mappedCore = false;
        for (Dep d : deps) {
            if (!STORM_GROUP.equals(d.groupId())) {
                continue;
            }
            String was = d.key() + (d.version() == null ? "" : ":" + d.version())
                    + (d.scope() == null ? "" : " (" + d.scope() + ")");
            Optional<String> gale = galeArtifactFor(d.artifactId(), needs.redisBeyondState());
            if (gale.isEmpty()) {
                keep(d, path, needs, changes, findings);
                continue;
            }
            declaresStorm = true;
            mappedCore |= gale.get().equals("gale-core");
            Set<String> inSection = galeBySection.computeIfAbsent(d.section(), s -> new HashSet<>());
            String block = pom.substring(d.start(), d.end());
            int lineStart = pom.lastIndexOf('\n', d.start() - 1) + 1;
            if (!inSection.add(gale.get())) {
                boolean ownLine = pom.substring(lineStart, d.start()).isBlank();
                out.append(pom, last, ownLine ? lineStart : d.start());
                last = ownLine && d.end() < pom.length() && pom.charAt(d.end()) == '\n' ? d.end() + 1 : d.end();
                changes.add(was + ": removed, " + GALE_GROUP + ":" + gale.get() + " is declared already");
                continue;
            }
            // storm-starter writes ${provided.scope} (provided unless a profile says otherwise).
            boolean provided = "provided".equals(d.scope()) || d.scope() != null && d.scope().startsWith("${");
            String scope = d.scope() == null || provided || d.scope().equals("compile") ? null : d.scope();
            String rewritten = replaceText(block, "groupId", GALE_GROUP);
            rewritten = replaceText(rewritten, "artifactId", gale.get());
            if (d.version() != null) {
                rewritten = replaceText(rewritten, "version", needs.galeVersion());
            }
            if (provided) {
                rewritten = rewritten.replaceFirst("(?s)\\R?[ \\t]*<scope>[^<]*</scope>", "");
            }
            out.append(pom, last, d.start()).append(rewritten);
            last = d.end();
            changes.add(was + " -> " + GALE_GROUP + ":" + gale.get()
                    + (d.version() == null ? "" : ":" + needs.galeVersion())
                    + (scope == null ? (d.scope() == null ? "" : " (compile: Gale runs inside your application)")
                    : " (" + scope + ")"));
        }
        out.append(pom, last, pom.length());
        String text = out.toString();

        for (String plugin : plugins) {
            changes.add(plugin + " left as it is: `gale run --jar` takes the jar it builds, and a jar that"
                    + " bundles Gale also runs with plain `java -cp`; its Storm-specific excludes no longer apply");
        }
        if (needs.addMissing()) {
            List<String[]> add = new ArrayList<>();
            Set<String> galeDeclared = new HashSet<>();
            for (Dep d : deps) {
                if (d.groupId() != null && d.groupId().equals(GALE_GROUP)) {
                    galeDeclared.add(d.artifactId());
                }
            }
            galeBySection.values().forEach(galeDeclared::addAll);
            for (String module : needs.galeModules()) {
                if (!galeDeclared.contains(module)) {
                    add.add(new String[] {GALE_GROUP, module, needs.galeVersion(), "the ported code uses " + module});
                }
            }
            Set<String> libs = new HashSet<>();
            for (Library l : needs.libraries()) {
                if (!declared.contains(l.key()) && libs.add(l.key())) {
                    add.add(new String[] {l.groupId(), l.artifactId(), l.version(),
                        l.origin() == Library.Origin.SHADED ? "Storm had it shaded as org.apache.storm.shade." + l.packagePrefix()
                                : "storm-client " + "2.8.3 brought it"});
                }
            }
            if (needs.addBinding() && mappedCore && declared.stream().noneMatch(SLF4J_BINDINGS::contains)) {
                add.add(new String[] {"org.apache.logging.log4j", "log4j-slf4j2-impl", "2.25.2",
                    "storm-client brought this SLF4J binding (and log4j-core); without one, logs are dropped"});
            }
            if (!add.isEmpty()) {
                text = insert(text, add, projectDepsEnd >= 0 ? shifted(projectDepsEnd, pom, text) : -1,
                        projectEnd >= 0 ? shifted(projectEnd, pom, text) : -1);
                for (String[] a : add) {
                    changes.add("added " + a[0] + ":" + a[1] + ":" + a[2] + " (" + a[3] + ")");
                }
            }
        }
        return new Result(text, changes, findings, declaresStorm);
    }

    /** Offsets from the end of the file do not move with edits before them. */
    private static int shifted(int offset, String before, String after) {
        return offset + after.length() - before.length();
    }

    private static void keep(Dep d, String path, Needs needs, List<String> changes, List<Finding> findings) {
        String a = d.artifactId();
        if (a.startsWith("multilang-")) {
            changes.add(d.key() + " kept: Gale runs Storm's multilang scripts from it");
        } else if (a.equals("storm-kafka")) {
            findings.add(new Finding(Category.KAFKA_ZOOKEEPER, d.key(), path,
                    "replace with " + GALE_GROUP + ":gale-kafka:" + needs.galeVersion()));
        } else if (a.equals("storm-redis")) {
            findings.add(new Finding(Category.CONNECTOR, d.key(), path,
                    "kept: the code uses storm-redis beyond its state provider (gale-redis has the state provider only)"));
        } else if (CONNECTORS.contains(a)) {
            findings.add(new Finding(Category.CONNECTOR, d.key(), path, "kept as it is; it brings storm-client back"));
        } else if (a.equals("storm-clojure")) {
            findings.add(new Finding(Category.CLOJURE, d.key(), path));
        } else {
            findings.add(new Finding(Category.BUILD, d.key(), path,
                    "Gale has no counterpart of this artifact: remove it, or keep it if the code works without Storm's"
                            + " runtime"));
        }
    }

    private static String insert(String pom, List<String[]> add, int depsEnd, int projectEnd) {
        boolean newSection = depsEnd < 0;
        int at = newSection ? projectEnd : depsEnd;
        if (at < 0) {
            throw new IllegalArgumentException("not a Maven POM: no <project> element");
        }
        int lineStart = pom.lastIndexOf('\n', at - 1) + 1;
        String closingIndent = pom.substring(lineStart, at).isBlank() ? pom.substring(lineStart, at) : "  ";
        String unit = closingIndent.isEmpty() ? "  " : closingIndent.contains("\t") ? "\t"
                : closingIndent.length() % 4 == 0 && closingIndent.length() > 0 ? closingIndent.substring(0,
                Math.min(closingIndent.length(), 4)) : "  ";
        String dep = newSection ? closingIndent + unit + unit : closingIndent + unit;
        StringBuilder b = new StringBuilder();
        if (newSection) {
            b.append(closingIndent).append(unit).append("<dependencies>\n");
        }
        for (String[] a : add) {
            b.append(dep).append("<!-- gale port: ").append(a[3].replace("--", "-")).append(" -->\n");
            b.append(dep).append("<dependency>\n");
            b.append(dep).append(unit).append("<groupId>").append(a[0]).append("</groupId>\n");
            b.append(dep).append(unit).append("<artifactId>").append(a[1]).append("</artifactId>\n");
            b.append(dep).append(unit).append("<version>").append(a[2]).append("</version>\n");
            b.append(dep).append("</dependency>\n");
        }
        if (newSection) {
            b.append(closingIndent).append(unit).append("</dependencies>\n");
        }
        int insertAt = pom.substring(lineStart, at).isBlank() ? lineStart : at;
        return pom.substring(0, insertAt) + b + pom.substring(insertAt);
    }

    /** The {@code group:artifact} of every dependency the POM declares, in any section. */
    static Set<String> declaredKeys(String pom) {
        Set<String> out = new HashSet<>();
        Matcher m = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(pom.replaceAll("(?s)<!--.*?-->", ""));
        while (m.find()) {
            String block = m.group(1).replaceAll("(?s)<exclusions>.*?</exclusions>", "");
            out.add(text(block, "groupId") + ":" + text(block, "artifactId"));
        }
        return out;
    }

    private static String text(String block, String element) {
        Matcher m = Pattern.compile("<" + element + ">\\s*([^<]*?)\\s*</" + element + ">").matcher(block);
        return m.find() ? m.group(1) : null;
    }

    private static String replaceText(String block, String element, String value) {
        return block.replaceFirst("<" + element + ">\\s*[^<]*?\\s*</" + element + ">",
                Matcher.quoteReplacement("<" + element + ">" + value + "</" + element + ">"));
    }
}
