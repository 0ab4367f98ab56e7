package dev.gale.cli.port;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.cli.port.NameRewriter.Kind;
import org.junit.jupiter.api.Test;

class PortNameRewriterTest {

    @Test
    void importsAndQualifiedNamesMoveToDevGale() {
        String java = String.join("\n",
                "package org.apache.storm.starter;",
                "import org.apache.storm.topology.TopologyBuilder;",
                "import static org.apache.storm.utils.Utils.sleep;",
                "import org.apache.storm.tuple.*;",
                "class A { Object c = new org.apache.storm.Config(); }");
        NameRewriter.Result r = NameRewriter.rewrite(java);
        assertThat(r.text()).isEqualTo(String.join("\n",
                "package dev.gale.starter;",
                "import dev.gale.topology.TopologyBuilder;",
                "import static dev.gale.utils.Utils.sleep;",
                "import dev.gale.tuple.*;",
                "class A { Object c = new dev.gale.Config(); }"));
        assertThat(r.hits()).extracting(NameRewriter.Hit::line).containsExactly(1, 2, 3, 4, 5);
        assertThat(r.hits()).extracting(NameRewriter.Hit::kind).containsOnly(Kind.STORM);
    }

    @Test
    void storm1BacktypeNamesMoveToDevGale() {
        assertThat(NameRewriter.rewrite("import backtype.storm.topology.IRichBolt;").text())
                .isEqualTo("import dev.gale.topology.IRichBolt;");
    }

    @Test
    void shadedNamesBecomeTheLibrarysOwnWithStormsCoordinates() {
        NameRewriter.Result r = NameRewriter.rewrite(String.join("\n",
                "import org.apache.storm.shade.org.apache.commons.lang.StringUtils;",
                "import org.apache.storm.shade.com.google.common.collect.ImmutableList;",
                "import org.apache.storm.shade.org.apache.curator.framework.recipes.locks.InterProcessMutex;",
                "import org.apache.storm.thrift.TException;",
                "import org.apache.storm.shade.org.example.Thing;"));
        assertThat(r.text()).isEqualTo(String.join("\n",
                "import org.apache.commons.lang.StringUtils;",
                "import com.google.common.collect.ImmutableList;",
                "import org.apache.curator.framework.recipes.locks.InterProcessMutex;",
                "import org.apache.thrift.TException;",
                "import org.example.Thing;"));
        assertThat(r.hits()).extracting(h -> h.library() == null ? null : h.library().coordinates()).containsExactly(
                "commons-lang:commons-lang:2.6", "com.google.guava:guava:33.5.0-jre",
                "org.apache.curator:curator-recipes:5.9.0", "org.apache.thrift:libthrift:0.22.0", null);
        assertThat(r.hits().get(4).kind()).isEqualTo(Kind.SHADED_UNKNOWN);
    }

    @Test
    void commonsLang3IsNotCommonsLang() {
        // Whole segments: lang3 is not under the relocated org.apache.commons.lang.
        NameRewriter.Result r = NameRewriter.rewrite("org.apache.storm.shade.org.apache.commons.lang3.StringUtils");
        assertThat(r.hits().get(0).kind()).isEqualTo(Kind.SHADED_UNKNOWN);
    }

    @Test
    void onlyWholePackagePrefixesMatch() {
        String text = String.join("\n",
                "<groupId>org.apache.storm</groupId>",
                "<exclude>org.apache.storm:storm-client</exclude>",
                "import com.acme.org.apache.storm.Thing;",
                "import org.apache.stormy.Thing;",
                "String s = myorg.apache.storm.x;",
                "import notbacktype.storm.Foo;",
                "String k = \"storm.trident.batch\" + a.storm.kafka.b;",
                "see org.apache.storm.");
        NameRewriter.Result r = NameRewriter.rewrite(text);
        assertThat(r.text()).isEqualTo(text);
        // storm.trident.batch is a Storm 0.x package name, found (not rewritten).
        assertThat(r.hits()).extracting(NameRewriter.Hit::kind).containsExactly(Kind.OLD_TRIDENT);
    }

    @Test
    void fluxYamlClassNamesAndPropertiesAreRewritten() {
        String yaml = String.join("\n",
                "bolts:",
                "  - id: \"log\"",
                "    className: \"org.apache.storm.flux.wrappers.bolts.LogInfoBolt\"",
                "  - id: count",
                "    className: org.apache.storm.testing.TestWordCounter",
                "config:",
                "  topology.state.provider: org.apache.storm.redis.state.RedisKeyValueStateProvider");
        assertThat(NameRewriter.rewrite(yaml).text()).isEqualTo(String.join("\n",
                "bolts:",
                "  - id: \"log\"",
                "    className: \"dev.gale.flux.wrappers.bolts.LogInfoBolt\"",
                "  - id: count",
                "    className: dev.gale.testing.TestWordCounter",
                "config:",
                "  topology.state.provider: dev.gale.redis.state.RedisKeyValueStateProvider"));
    }
}
