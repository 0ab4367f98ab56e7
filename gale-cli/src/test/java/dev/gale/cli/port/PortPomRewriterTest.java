package dev.gale.cli.port;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortPomRewriterTest {
    private static final String POM = String.join("\n",
            "<project>",
            "  <dependencies>",
            "    <!-- <dependency><groupId>org.apache.storm</groupId><artifactId>storm-core</artifactId></dependency> -->",
            "    <dependency>",
            "      <groupId>org.apache.storm</groupId>",
            "      <artifactId>storm-client</artifactId>",
            "      <version>2.8.3</version>",
            "      <scope>provided</scope>",
            "    </dependency>",
            "    <dependency>",
            "      <groupId>org.apache.storm</groupId>",
            "      <artifactId>storm-server</artifactId>",
            "      <version>2.8.3</version>",
            "      <scope>provided</scope>",
            "    </dependency>",
            "    <dependency>",
            "      <groupId>org.apache.storm</groupId>",
            "      <artifactId>storm-kafka-client</artifactId>",
            "      <version>2.8.3</version>",
            "      <exclusions><exclusion><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId>"
                    + "</exclusion></exclusions>",
            "    </dependency>",
            "    <dependency>",
            "      <groupId>org.apache.storm</groupId>",
            "      <artifactId>storm-hdfs</artifactId>",
            "      <version>2.8.3</version>",
            "    </dependency>",
            "    <dependency>",
            "      <groupId>org.slf4j</groupId>",
            "      <artifactId>slf4j-simple</artifactId>",
            "      <version>2.0.16</version>",
            "    </dependency>",
            "  </dependencies>",
            "  <build><plugins><plugin><artifactId>maven-shade-plugin</artifactId></plugin></plugins></build>",
            "</project>", "");

    private static PomRewriter.Result rewrite(String pom, Set<String> modules, List<Library> libraries) {
        return PomRewriter.rewrite(pom, "pom.xml", 
                new PomRewriter.Needs("9.9.9", modules, libraries, false, true, true));
    }

    @Test
    void stormArtifactsBecomeGalesAtCompileScopeOnce() {
        PomRewriter.Result r = rewrite(POM, Set.of(), List.of());
        assertThat(r.text()).contains(String.join("\n",
                "    <dependency>",
                "      <groupId>dev.gale</groupId>",
                "      <artifactId>gale-core</artifactId>",
                "      <version>9.9.9</version>",
                "    </dependency>",
                "    <dependency>",
                "      <groupId>dev.gale</groupId>",
                "      <artifactId>gale-kafka</artifactId>",
                "      <version>9.9.9</version>",
                "      <exclusions>"));
        // storm-server is folded into the one gale-core; no provided scope is left on Gale.
        assertThat(r.text()).doesNotContain("storm-server").doesNotContain("<scope>provided</scope>")
                .containsOnlyOnce("<artifactId>gale-core</artifactId>");
        // The comment and the connector are left as they are; the connector is reported.
        assertThat(r.text()).contains("<!-- <dependency><groupId>org.apache.storm</groupId><artifactId>storm-core")
                .contains("<artifactId>storm-hdfs</artifactId>");
        assertThat(r.findings()).extracting(Finding::category, Finding::name)
                .containsExactly(tuple(Category.CONNECTOR, "org.apache.storm:storm-hdfs"));
        assertThat(r.changes()).anySatisfy(c -> assertThat(c).startsWith("maven-shade-plugin left as it is"));
        // slf4j-simple is declared: no binding added.
        assertThat(r.text()).doesNotContain("log4j-slf4j2-impl");
    }

    @Test
    void usedModulesAndStormsLibrariesAreAddedUnlessDeclared() {
        Library kryo = Library.of("com.esotericsoftware.kryo.Kryo", Library.DIRECT).orElseThrow();
        Library simple = new Library("org.slf4j.simple", "org.slf4j", "slf4j-simple", "2.0.16",
                Library.Origin.STORM_CLIENT);
        PomRewriter.Result r = rewrite(POM, Set.of("gale-redis", "gale-kafka"), List.of(kryo, simple));
        assertThat(r.text()).contains(String.join("\n",
                "    <!-- gale port: the ported code uses gale-redis -->",
                "    <dependency>",
                "      <groupId>dev.gale</groupId>",
                "      <artifactId>gale-redis</artifactId>",
                "      <version>9.9.9</version>",
                "    </dependency>",
                "    <!-- gale port: storm-client 2.8.3 brought it -->",
                "    <dependency>",
                "      <groupId>com.esotericsoftware</groupId>",
                "      <artifactId>kryo</artifactId>",
                "      <version>5.6.2</version>",
                "    </dependency>",
                "  </dependencies>"));
        assertThat(r.text()).containsOnlyOnce("<artifactId>gale-kafka</artifactId>")
                .containsOnlyOnce("<artifactId>slf4j-simple</artifactId>");
    }

    @Test
    void withoutABindingStormsLog4jBindingIsAdded() {
        String pom = POM.replace("slf4j-simple", "commons-io").replace("<groupId>org.slf4j</groupId>",
                "<groupId>commons-io</groupId>");
        assertThat(rewrite(pom, Set.of(), List.of()).text()).contains("<artifactId>log4j-slf4j2-impl</artifactId>");
    }

    @Test
    void aScopeFromAPropertyIsStormsProvidedScopeAndIsDropped() {
        String pom = "<project><dependencies><dependency><groupId>org.apache.storm</groupId>"
                + "<artifactId>storm-client</artifactId><version>2.8.3</version><scope>${provided.scope}</scope>"
                + "</dependency></dependencies></project>";
        assertThat(PomRewriter.rewrite(pom, "pom.xml", new PomRewriter.Needs("1", Set.of(), List.of(), false, false, false))
                .text()).isEqualTo("<project><dependencies><dependency><groupId>dev.gale</groupId>"
                + "<artifactId>gale-core</artifactId><version>1</version></dependency></dependencies></project>");
    }

    @Test
    void stormRedisBecomesGaleRedisOnlyWhenOnlyItsStateIsUsed() {
        String pom = "<project><dependencies><dependency><groupId>org.apache.storm</groupId>"
                + "<artifactId>storm-redis</artifactId><version>2.8.3</version></dependency></dependencies></project>";
        assertThat(PomRewriter.rewrite(pom, "pom.xml", new PomRewriter.Needs("1", Set.of(), List.of(), false, false, false))
                .text()).contains("<artifactId>gale-redis</artifactId>");
        PomRewriter.Result beyond = PomRewriter.rewrite(pom, "pom.xml",
                new PomRewriter.Needs("1", Set.of(), List.of(), true, false, false));
        assertThat(beyond.text()).isEqualTo(pom);
        assertThat(beyond.findings()).extracting(Finding::category).containsExactly(Category.CONNECTOR);
    }
}
