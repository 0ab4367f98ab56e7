package dev.gale.cli.port;

import dev.gale.cli.port.NameRewriter.Hit;
import dev.gale.cli.port.NameRewriter.Kind;
import dev.gale.cli.port.Resolver.Resolution;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Works out the port of a Storm source tree to Gale without writing anything: each file's new text
 * and place, the build file edits, and the report's items. {@link PortPlan#apply} writes it.
 * Not thread-safe: one instance plans one tree.
 */
public final class Porter {
    /** Build output and tool directories: never read, never copied. */
    static final Set<String> SKIPPED_DIRS = Set.of("target", "build", ".git", ".gradle", ".idea", "node_modules",
            ".mvn", ".svn");
    private static final Set<String> SOURCE = Set.of("java", "kt", "scala", "groovy");
    private static final Set<String> CLOJURE = Set.of("clj", "cljc");
    private static final Set<String> TEXT = Set.of("properties", "yaml", "yml", "xml", "json", "conf", "gradle", "kts",
            "txt");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)");
    private static final Pattern TYPE = Pattern.compile(
            "(?m)^(?:(?:public|final|abstract|sealed|data|open|case|private|internal)\\s+)*"
                    + "(?:class|interface|enum|record|object|trait|@interface)\\s+([A-Za-z_$][\\w$]*)");
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+(?:static\\s+)?([\\w.]+)");
    private static final Set<String> CONNECTOR_PACKAGES = Set.of("hdfs", "hbase", "hive", "jdbc", "jms", "cassandra",
            "elasticsearch", "es", "mongodb", "mqtt", "kinesis", "eventhubs", "solr", "opentsdb", "druid", "pmml",
            "rocketmq", "sql", "redis", "sentry", "hack", "kafka.monitor");
    private static final Set<String> INTERNAL_PACKAGES = Set.of("daemon", "cluster", "nimbus", "security", "blobstore",
            "scheduler", "messaging", "localizer", "pacemaker", "zookeeper", "container", "healthcheck", "metricstore",
            "executor", "assignments", "callback", "command", "dependency", "logging", "ui", "networktopography",
            "serialization", "auth", "event", "shade");
    private static final Set<String> INTERNAL_UTILS = Set.of("NimbusClient", "ConfigUtils", "ServerUtils",
            "ServerConfigUtils", "ZookeeperAuthInfo", "SupervisorClient", "CuratorUtils", "StormCommonInstaller");

    private final GaleClassIndex gale;
    private final String galeVersion;

    public Porter(GaleClassIndex gale, String galeVersion) {
        this.gale = gale;
        this.galeVersion = galeVersion;
    }

    /** A text file of the tree, read, and its rewrite. */
    private record Text(Path rel, String type, String before, NameRewriter.Result rewritten) {
    }

    /** Plans the port of the tree at {@code dir}. */
    public PortPlan plan(Path dir) {
        List<Path> files = walk(dir);
        List<Text> texts = new ArrayList<>();
        for (Path rel : files) {
            String type = typeOf(rel);
            if (type == null) {
                continue;
            }
            Optional<String> content = read(dir.resolve(rel));
            content.ifPresent(c -> texts.add(new Text(rel, type, c, NameRewriter.rewrite(c))));
        }

        // The user's own classes and packages, as they are named after the port.
        Set<String> ownClasses = new HashSet<>();
        Set<String> ownPackages = new HashSet<>();
        for (Text t : texts) {
            if (!SOURCE.contains(t.type())) {
                continue;
            }
            Matcher p = PACKAGE.matcher(t.rewritten().text());
            String pkg = p.find() ? p.group(1) : "";
            if (!pkg.isEmpty()) {
                ownPackages.add(pkg);
            }
            String base = t.rel().getFileName().toString();
            ownClasses.add(qualify(pkg, base.substring(0, base.lastIndexOf('.'))));
            Matcher type = TYPE.matcher(t.rewritten().text());
            while (type.find()) {
                ownClasses.add(qualify(pkg, type.group(1)));
            }
        }
        Resolver resolver = new Resolver(gale, ownClasses, ownPackages);

        Set<Path> pomPaths = new HashSet<>();
        for (Text t : texts) {
            if (t.rel().getFileName().toString().equals("pom.xml")) {
                pomPaths.add(t.rel());
            }
        }
        List<Finding> findings = new ArrayList<>();
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        Set<String> galeModules = new TreeSet<>();
        Map<String, Library> libraries = new LinkedHashMap<>();
        Map<String, String> libraryWhere = new LinkedHashMap<>();
        // What each module's sources need, by the POM that builds them (null: no POM above them).
        Map<Path, Set<String>> modulesByPom = new HashMap<>();
        Map<Path, Set<String>> librariesByPom = new HashMap<>();
        boolean redisBeyondState = false;
        for (Text t : texts) {
            String file = slashes(t.rel());
            Path owner = owningPom(t.rel(), pomPaths);
            if (CLOJURE.contains(t.type()) && t.before().contains("storm")) {
                findings.add(new Finding(Category.CLOJURE, file, file));
            }
            for (Hit h : t.rewritten().hits()) {
                counts.merge(h.kind(), 1, Integer::sum);
                String where = file + ":" + h.line();
                switch (h.kind()) {
                    case OLD_TRIDENT:
                        findings.add(new Finding(Category.TRIDENT, classPart(h.original()), where,
                                "Storm 0.x package; Trident is not supported"));
                        continue;
                    case OLD_KAFKA:
                        findings.add(new Finding(Category.KAFKA_ZOOKEEPER, classPart(h.original()), where));
                        continue;
                    case SHADED:
                        remember(libraries, h.library());
                        libraryWhere.putIfAbsent(h.library().key(), where);
                        librariesByPom.computeIfAbsent(owner, k -> new HashSet<>()).add(h.library().key());
                        continue;
                    case SHADED_UNKNOWN:
                        findings.add(new Finding(Category.SHADED_UNKNOWN, classPart(h.ported()), where,
                                "was " + h.original()));
                        continue;
                    default:
                        break;
                }
                String storm = NameRewriter.STORM + h.ported().substring(NameRewriter.GALE.length());
                if (Names.hasPrefix(storm, NameRewriter.STORM + ".redis") && !Names.hasPrefix(storm,
                        NameRewriter.STORM + ".redis.state")) {
                    redisBeyondState = true;
                }
                if (CLOJURE.contains(t.type())) {
                    continue; // Clojure names are namespaces, not classes: the file is reported as a whole
                }
                Resolution r = resolver.resolve(h.ported());
                if (r.found()) {
                    if (r.module() != null && !(r.module().equals("gale-core"))) {
                        galeModules.add(r.module());
                        modulesByPom.computeIfAbsent(owner, k -> new TreeSet<>()).add(r.module());
                    }
                    continue;
                }
                Category c = classify(storm);
                findings.add(new Finding(c, c == Category.MISSING ? r.missing() : classPart(h.original()), where));
            }
            if (SOURCE.contains(t.type())) {
                Matcher imports = IMPORT.matcher(t.rewritten().text());
                while (imports.find()) {
                    String name = imports.group(1);
                    Optional<Library> lib = Library.of(name, Library.DIRECT);
                    if (lib.isPresent()) {
                        remember(libraries, lib.get());
                        librariesByPom.computeIfAbsent(owner, k -> new HashSet<>()).add(lib.get().key());
                        libraryWhere.putIfAbsent(lib.get().key(), file + ":" + lineOf(t.rewritten().text(),
                                imports.start(1)));
                    }
                }
            }
        }

        // Classes of the user's with the name of one the launcher ships.
        for (String own : ownClasses) {
            Optional<String> shipped = gale.moduleOf(own).or(() -> gale.shippedOutsideApi(own));
            if (shipped.isPresent()) {
                findings.add(new Finding(Category.SHADOWED, own, where(texts, own), "also in " + shipped.get()));
            }
        }

        // Build files.
        Set<String> declared = new HashSet<>();
        List<Text> poms = new ArrayList<>();
        List<Text> gradles = new ArrayList<>();
        for (Text t : texts) {
            String name = t.rel().getFileName().toString();
            if (name.equals("pom.xml")) {
                poms.add(t);
                declared.addAll(PomRewriter.declaredKeys(t.before()));
            } else if (name.equals("build.gradle") || name.equals("build.gradle.kts")) {
                gradles.add(t);
                declared.addAll(gradleKeys(t.before()));
            }
        }
        List<Library> toAdd = new ArrayList<>();
        for (Library l : libraries.values()) {
            if (l.origin() == Library.Origin.SHADED || l.origin() == Library.Origin.STORM_CLIENT) {
                toAdd.add(l); // each POM whose sources use it gets it unless that POM or a parent declares it
                continue;
            }
            if (declared.contains(l.key())) {
                continue;
            }
            switch (l.origin()) {
                case ELSEWHERE:
                    findings.add(new Finding(Category.LIBRARY, l.key(), libraryWhere.get(l.key())));
                    break;
                default:
                    break;
            }
        }

        Map<Path, String> newText = new LinkedHashMap<>();
        List<String> buildChanges = new ArrayList<>();
        Text addTo = chooseAddTarget(poms);
        // Sources with no POM above them are built by the POM chosen to take additions.
        Path fallback = addTo == null ? null : addTo.rel();
        modulesByPom.computeIfPresent(null, (k, v) -> {
            modulesByPom.computeIfAbsent(fallback, f -> new TreeSet<>()).addAll(v);
            return null;
        });
        librariesByPom.computeIfPresent(null, (k, v) -> {
            librariesByPom.computeIfAbsent(fallback, f -> new HashSet<>()).addAll(v);
            return null;
        });
        for (Text t : poms) {
            Set<String> modules = modulesByPom.getOrDefault(t.rel(), Set.of());
            Set<String> used = librariesByPom.getOrDefault(t.rel(), Set.of());
            Set<String> inherited = inheritedKeys(t.rel(), poms);
            List<Library> own = toAdd.stream().filter(l -> used.contains(l.key()) && !inherited.contains(l.key()))
                    .toList();
            PomRewriter.Result r = PomRewriter.rewrite(t.rewritten().text(), slashes(t.rel()),
                    new PomRewriter.Needs(galeVersion, new TreeSet<>(modules), own, redisBeyondState,
                            t == addTo || !modules.isEmpty() || !own.isEmpty(), t == addTo));
            if (!r.text().equals(t.before())) {
                newText.put(t.rel(), r.text());
            }
            for (String c : r.changes()) {
                buildChanges.add(slashes(t.rel()) + ": " + c);
            }
            findings.addAll(r.findings());
        }
        for (Text t : gradles) {
            findings.addAll(gradleFindings(t, galeVersion, redisBeyondState, toAdd, galeModules));
        }
        if (poms.isEmpty() && gradles.isEmpty()) {
            for (Library l : toAdd) {
                findings.add(new Finding(Category.LIBRARY, l.key(), libraryWhere.get(l.key()),
                        "no build file found: put " + l.coordinates() + " on the classpath"));
            }
        }

        // Sources and text files: the rewritten text, at the place its new package calls for.
        Map<Path, Path> moves = new LinkedHashMap<>();
        for (Text t : texts) {
            if (!t.rewritten().changed(t.before()) || newText.containsKey(t.rel())) {
                continue;
            }
            newText.put(t.rel(), t.rewritten().text());
            if (SOURCE.contains(t.type())) {
                movedTo(t).ifPresent(to -> moves.put(t.rel(), to));
            } else if (slashes(t.rel()).contains("META-INF/services/")) {
                String name = t.rel().getFileName().toString();
                String renamed = NameRewriter.rewriteName(name);
                if (!renamed.equals(name)) {
                    moves.put(t.rel(), t.rel().resolveSibling(renamed));
                }
            }
        }
        for (Path rel : files) {
            String s = slashes(rel);
            if (s.contains("META-INF/services/") && !moves.containsKey(rel)) {
                String name = rel.getFileName().toString();
                String renamed = NameRewriter.rewriteName(name);
                if (!renamed.equals(name)) {
                    moves.put(rel, rel.resolveSibling(renamed));
                }
            }
        }
        return new PortPlan(dir, files, newText, moves, findings, buildChanges, counts, libraries.values(),
                galeVersion);
    }

    /** Keeps one library per coordinates, preferring what Storm brought over what came from elsewhere. */
    private static void remember(Map<String, Library> libraries, Library l) {
        Library known = libraries.get(l.key());
        if (known == null || known.origin() == Library.Origin.ELSEWHERE && l.origin() != Library.Origin.ELSEWHERE) {
            libraries.put(l.key(), l);
        }
    }

    /**
     * What the POMs in the directories above {@code pom}'s declare in their own
     * {@code <dependencies>} (not their {@code <dependencyManagement>}): a module inherits those.
     */
    private static Set<String> inheritedKeys(Path pom, List<Text> poms) {
        Set<String> out = new HashSet<>();
        for (Text t : poms) {
            Path dir = t.rel().getParent();
            Path own = pom.getParent();
            if (!t.rel().equals(pom) && (dir == null || own != null && own.startsWith(dir))) {
                out.addAll(PomRewriter.declaredKeys(t.before()
                        .replaceAll("(?s)<dependencyManagement>.*?</dependencyManagement>", "")));
            }
        }
        return out;
    }

    /**
     * The POM that builds a file: the one in the file's directory or the nearest above it, or
     * {@code null} when none is.
     */
    private static Path owningPom(Path rel, Set<Path> pomPaths) {
        for (Path dir = rel.getParent(); ; dir = dir.getParent()) {
            Path pom = dir == null ? Path.of("pom.xml") : dir.resolve("pom.xml");
            if (pomPaths.contains(pom)) {
                return pom;
            }
            if (dir == null) {
                return null;
            }
        }
    }

    /**
     * The POM to add the SLF4J binding to, and the dependencies of sources with no POM above them:
     * the first declaring Storm's core artifacts, else the root one.
     */
    private static Text chooseAddTarget(List<Text> poms) {
        Pattern core = Pattern.compile("<artifactId>\\s*storm-(client|core|server)\\s*</artifactId>");
        for (Text t : poms) {
            if (core.matcher(t.before()).find()) {
                return t;
            }
        }
        return poms.stream().filter(t -> t.rel().getNameCount() == 1).findFirst()
                .orElse(poms.isEmpty() ? null : poms.get(0));
    }

    /** The Storm class or package a name is about: up to its first capitalised segment. */
    static String classPart(String name) {
        String[] s = name.split("\\.");
        StringBuilder b = new StringBuilder();
        for (String seg : s) {
            if (b.length() > 0) {
                b.append('.');
            }
            b.append(seg);
            if (!seg.isEmpty() && Character.isUpperCase(seg.charAt(0))) {
                break;
            }
        }
        return b.toString();
    }

    /** The category of a Storm name ({@code org.apache.storm.X}) that has no Gale counterpart. */
    static Category classify(String storm) {
        String rest = storm.length() > NameRewriter.STORM.length() ? storm.substring(NameRewriter.STORM.length() + 1)
                : "";
        String[] seg = rest.split("\\.");
        String first = seg[0];
        if (first.equals("trident") || rest.contains(".trident.") || rest.endsWith(".trident")) {
            return Category.TRIDENT;
        }
        if (first.equals("kafka") && seg.length > 1 && !seg[1].isEmpty() && Character.isUpperCase(seg[1].charAt(0))) {
            return Category.KAFKA_ZOOKEEPER;
        }
        if (first.equals("clojure")) {
            return Category.CLOJURE;
        }
        if (CONNECTOR_PACKAGES.contains(first) || seg.length > 1 && CONNECTOR_PACKAGES.contains(first + "." + seg[1])) {
            return Category.CONNECTOR;
        }
        if (INTERNAL_PACKAGES.contains(first) || first.equals("utils") && seg.length > 1
                && INTERNAL_UTILS.contains(seg[1])) {
            return Category.INTERNAL;
        }
        return Category.MISSING;
    }

    private static Optional<Path> movedTo(Text t) {
        Matcher before = PACKAGE.matcher(t.before());
        Matcher after = PACKAGE.matcher(t.rewritten().text());
        if (!before.find() || !after.find() || before.group(1).equals(after.group(1))) {
            return Optional.empty();
        }
        Path parent = t.rel().getParent();
        String dir = parent == null ? "" : slashes(parent);
        String oldPath = before.group(1).replace('.', '/');
        if (!(dir.equals(oldPath) || dir.endsWith("/" + oldPath))) {
            return Optional.empty();
        }
        String base = dir.substring(0, dir.length() - oldPath.length());
        return Optional.of(Path.of(base + after.group(1).replace('.', '/')).resolve(t.rel().getFileName()));
    }

    private static List<Finding> gradleFindings(Text t, String galeVersion, boolean redisBeyondState,
            List<Library> toAdd, Set<String> galeModules) {
        List<Finding> out = new ArrayList<>();
        String file = slashes(t.rel());
        Matcher m = Pattern.compile("org\\.apache\\.storm:([\\w.-]+)(?::([\\w.${}-]+))?").matcher(t.before());
        Set<String> galeArtifacts = new LinkedHashSet<>();
        while (m.find()) {
            String artifact = m.group(1);
            String where = file + ":" + lineOf(t.before(), m.start());
            Optional<String> g = PomRewriter.galeArtifactFor(artifact, redisBeyondState);
            if (g.isPresent()) {
                galeArtifacts.add(g.get());
                out.add(new Finding(Category.BUILD, "org.apache.storm:" + artifact, where, "replace with "
                        + "implementation \"dev.gale:" + g.get() + ":" + galeVersion + "\" (not compileOnly:"
                        + " Gale runs inside your application)"));
            } else {
                out.add(new Finding(artifact.equals("storm-kafka") ? Category.KAFKA_ZOOKEEPER : Category.CONNECTOR,
                        "org.apache.storm:" + artifact, where, "no Gale counterpart"));
            }
        }
        for (String module : galeModules) {
            if (!galeArtifacts.contains(module)) {
                out.add(new Finding(Category.BUILD, "dev.gale:" + module, file,
                        "add implementation \"dev.gale:" + module + ":" + galeVersion + "\""));
            }
        }
        for (Library l : toAdd) {
            out.add(new Finding(Category.BUILD, l.key(), file, "add implementation \"" + l.coordinates() + "\""));
        }
        return out;
    }

    private static Set<String> gradleKeys(String gradle) {
        Set<String> out = new HashSet<>();
        Matcher m = Pattern.compile("[\"']([\\w.-]+):([\\w.-]+)(?::[^\"']*)?[\"']").matcher(gradle);
        while (m.find()) {
            out.add(m.group(1) + ":" + m.group(2));
        }
        return out;
    }

    private static String where(List<Text> texts, String ownClass) {
        String simple = ownClass.substring(ownClass.lastIndexOf('.') + 1);
        for (Text t : texts) {
            String base = t.rel().getFileName().toString();
            if (SOURCE.contains(t.type()) && base.startsWith(simple + ".")) {
                return slashes(t.rel());
            }
        }
        return "";
    }

    private static String qualify(String pkg, String simple) {
        return pkg.isEmpty() ? simple : pkg + "." + simple;
    }

    static String slashes(Path p) {
        return p.toString().replace('\\', '/');
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The kind of a file, or {@code null} for a file the port does not read. */
    private static String typeOf(Path rel) {
        String name = rel.getFileName().toString();
        if (slashes(rel).contains("META-INF/services/")) {
            return "services";
        }
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        if (SOURCE.contains(ext) || CLOJURE.contains(ext) || TEXT.contains(ext)) {
            return ext;
        }
        return null;
    }

    private static Optional<String> read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty(); // not UTF-8 text: copied as it is
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The files of the tree, relative to it, build output and tool directories left out. */
    static List<Path> walk(Path dir) {
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    return !d.equals(dir) && SKIPPED_DIRS.contains(d.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) {
                        out.add(dir.relativize(f));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
        }
        out.sort(null);
        return out;
    }
}
