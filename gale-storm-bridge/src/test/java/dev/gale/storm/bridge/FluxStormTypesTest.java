package dev.gale.storm.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.storm.bridge.internal.BridgedBolt;
import dev.gale.utils.Utils;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.storm.jdbc.bolt.JdbcLookupBolt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flux makes a component named {@code org.apache.storm.tuple.Fields} as Gale's Fields, which Gale's
 * components take, and makes it again as Storm's where only Storm's fits: here storm-jdbc's
 * {@code SimpleJdbcLookupMapper(Fields, List<Column>)}, whose bolt then declares those fields. The
 * topology is only built (no database).
 */
class FluxStormTypesTest {
    @TempDir
    Path dir;

    @Test
    void aFieldsComponentIsStormsFieldsWhereAStormConstructorTakesOnlyThose() throws Exception {
        Path yaml = Files.writeString(dir.resolve("lookup.yaml"), """
                name: "lookup"
                components:
                  - id: "userFields"
                    className: "org.apache.storm.tuple.Fields"
                    constructorArgs:
                      - ["user_id", "user_name"]
                  - id: "idColumn"
                    className: "org.apache.storm.jdbc.common.Column"
                    constructorArgs: ["user_id", 4]
                  - id: "mapper"
                    className: "org.apache.storm.jdbc.mapper.SimpleJdbcLookupMapper"
                    constructorArgs:
                      - ref: "userFields"
                      - reflist: ["idColumn"]
                  - id: "connections"
                    className: "org.apache.storm.jdbc.common.HikariCPConnectionProvider"
                    constructorArgs:
                      - {dataSourceClassName: "org.postgresql.ds.PGSimpleDataSource"}
                spouts:
                  - id: "users"
                    className: "org.apache.storm.testing.FixedTupleSpout"
                    constructorArgs:
                      - [[1, "one"]]
                      - ref: "userFields"
                bolts:
                  - id: "lookup"
                    className: "org.apache.storm.jdbc.bolt.JdbcLookupBolt"
                    constructorArgs:
                      - ref: "connections"
                      - "select user_name from users where user_id = ?"
                      - ref: "mapper"
                streams:
                  - from: "users"
                    to: "lookup"
                    grouping: {type: SHUFFLE}
                """);
        TopologyDef def = FluxParser.parseFile(yaml, null, null);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);

        assertThat(context.getComponent("userFields")).isInstanceOf(dev.gale.tuple.Fields.class);
        assertThat(context.getBolt("lookup")).isInstanceOfSatisfying(BridgedBolt.class,
                b -> assertThat(b.stormBolt()).isInstanceOf(JdbcLookupBolt.class));
        assertThat(topology.get_bolts().get("lookup").get_common().get_streams().get(Utils.DEFAULT_STREAM_ID)
                .get_output_fields()).containsExactly("user_id", "user_name");
        assertThat(topology.get_spouts().get("users").get_common().get_streams().get(Utils.DEFAULT_STREAM_ID)
                .get_output_fields()).containsExactly("user_id", "user_name");
    }
}
