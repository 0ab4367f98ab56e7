package dev.gale.examples;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.bolt.SingleJoinBolt;
import dev.gale.generated.StormTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;

/**
 * storm-starter's SingleJoinExample: one spout feeds (id, gender), another (id, age), and a
 * {@link SingleJoinBolt} joins them on "id" into (gender, age). Ids 0..99 get both halves; id
 * 100 only an age, so its half waits in the join until the message timeout.
 */
public class SingleJoinExample {

    /** The topology: "gender" and "age" joined by "join", both fields-grouped on "id". */
    public static TopologyBuilder builder(FeederSpout genderSpout, FeederSpout ageSpout) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("gender", genderSpout);
        builder.setSpout("age", ageSpout);
        builder.setBolt("join", new SingleJoinBolt(new Fields("gender", "age")))
                .fieldsGrouping("gender", new Fields("id"))
                .fieldsGrouping("age", new Fields("id"));
        return builder;
    }

    /** Feeds the example's input: genders of ids 0..99, then ages of ids 100 down to 0. */
    public static void feed(FeederSpout genderSpout, FeederSpout ageSpout) {
        for (int i = 0; i < 100; i++) {
            String gender = i % 2 == 0 ? "male" : "female";
            genderSpout.feed(new Values(i, gender));
        }
        for (int i = 100; i >= 0; i--) {
            ageSpout.feed(new Values(i, i + 20));
        }
    }

    /** Used by {@code gale run singlejoin}: the topology with its input already fed. */
    public static StormTopology createTopology() {
        FeederSpout genderSpout = new FeederSpout(new Fields("id", "gender"));
        FeederSpout ageSpout = new FeederSpout(new Fields("id", "age"));
        feed(genderSpout, ageSpout);
        return builder(genderSpout, ageSpout).createTopology();
    }

    public static void main(String[] args) throws Exception {
        FeederSpout genderSpout = new FeederSpout(new Fields("id", "gender"));
        FeederSpout ageSpout = new FeederSpout(new Fields("id", "age"));

        Config conf = new Config();
        conf.setDebug(true);

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("join-example", conf, builder(genderSpout, ageSpout).createTopology());
        feed(genderSpout, ageSpout);

        Utils.sleep(2000);
        cluster.shutdown();
    }
}
