package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.bolt.JoinBolt;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.windowing.WindowFixtures.Received;
import dev.gale.windowing.WindowFixtures.Sink;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JoinBolt} in a running topology on simulated time: inner and left joins of two spouts
 * over a tumbling window, each result anchored to the two tuples it joins; tuples in different
 * windows do not meet; a sliding window joins a pair once per window it shares.
 */
class JoinBoltTopologyTest {

    private static TopologyBuilder topology(FeederSpout users, FeederSpout orders, JoinBolt join, Sink sink) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("users", users);
        b.setSpout("orders", orders);
        b.setBolt("join", join, 2).fieldsGrouping("users", new Fields("userId"))
                .fieldsGrouping("orders", new Fields("userId"));
        b.setBolt("sink", sink).shuffleGrouping("join");
        return b;
    }

    @Test
    void anInnerJoinOverATumblingWindowEmitsEachMatchAnchoredToItsTwoTuples() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout users = new FeederSpout(new Fields("userId", "name"));
        FeederSpout orders = new FeederSpout(new Fields("orderId", "userId", "price"));
        JoinBolt join = new JoinBolt("users", "userId").join("orders", "userId", "users")
                .select("users:userId,name,orderId,price").withTumblingWindow(Duration.seconds(10));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("inner", new Config(), topology(users, orders, join, sink).createTopology());
            users.feed(new Values(1, "ann"), "u1");
            users.feed(new Values(2, "bob"), "u2");
            users.feed(new Values(3, "cid"), "u3");
            orders.feed(new Values(10, 1, 7), "o10");
            orders.feed(new Values(11, 1, 3), "o11");
            orders.feed(new Values(12, 2, 5), "o12");
            orders.feed(new Values(13, 9, 1), "o13");
            cluster.waitForIdle();
            assertThat(sink.received()).isEmpty();
            clock.advanceMillis(10_000);
            assertThat(sink.received()).extracting(Received::values).containsExactlyInAnyOrder(
                    List.of(1, "ann", 10, 7), List.of(1, "ann", 11, 3), List.of(2, "bob", 12, 5));
            assertThat(sink.received()).extracting(Received::roots).containsOnly(2);
            assertThat(users.getAcked()).isEmpty();
            clock.advanceMillis(10_000); // the next window: everything has left the first one
            assertThat(users.getAcked()).containsExactlyInAnyOrder("u1", "u2", "u3");
            assertThat(orders.getAcked()).containsExactlyInAnyOrder("o10", "o11", "o12", "o13");
            assertThat(sink.received()).hasSize(3);
        }
    }

    @Test
    void aLeftJoinKeepsUsersWithoutOrdersWithNulls() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout users = new FeederSpout(new Fields("userId", "name"));
        FeederSpout orders = new FeederSpout(new Fields("orderId", "userId", "price"));
        JoinBolt join = new JoinBolt("users", "userId").leftJoin("orders", "userId", "users")
                .select("users:userId,name,orderId").withTumblingWindow(Duration.seconds(10));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("left", new Config(), topology(users, orders, join, sink).createTopology());
            users.feed(new Values(1, "ann"), "u1");
            users.feed(new Values(2, "bob"), "u2");
            orders.feed(new Values(10, 1, 7), "o10");
            cluster.waitForIdle();
            clock.advanceMillis(10_000);
            assertThat(sink.received()).extracting(Received::values).containsExactlyInAnyOrder(
                    List.of(1, "ann", 10), Arrays.asList(2, "bob", null));
            // bob's row is anchored to bob's tuple alone.
            assertThat(sink.received()).filteredOn(r -> r.values().get(2) == null).extracting(Received::roots)
                    .containsExactly(1);
        }
    }

    @Test
    void tuplesInDifferentWindowsDoNotMeet() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout users = new FeederSpout(new Fields("userId", "name"));
        FeederSpout orders = new FeederSpout(new Fields("orderId", "userId", "price"));
        JoinBolt join = new JoinBolt("users", "userId").join("orders", "userId", "users")
                .select("users:userId,name,orderId").withTumblingWindow(Duration.seconds(10));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("expiry", new Config(), topology(users, orders, join, sink).createTopology());
            users.feed(new Values(1, "ann"), "u1");
            cluster.waitForIdle();
            clock.advanceMillis(10_000);
            orders.feed(new Values(10, 1, 7), "o10"); // ann's tuple is in the window that just closed
            cluster.waitForIdle();
            clock.advanceMillis(20_000);
            assertThat(sink.received()).isEmpty();
            assertThat(users.getAcked()).containsExactly("u1");
            assertThat(orders.getAcked()).containsExactly("o10");
        }
    }

    @Test
    void aSlidingWindowJoinsAPairOnceForEachWindowTheyShare() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout users = new FeederSpout(new Fields("userId", "name"));
        FeederSpout orders = new FeederSpout(new Fields("orderId", "userId", "price"));
        JoinBolt join = new JoinBolt("users", "userId").join("orders", "userId", "users")
                .select("users:userId,orderId").withWindow(Duration.seconds(3), Duration.seconds(1));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("sliding", new Config(), topology(users, orders, join, sink).createTopology());
            users.feed(new Values(1, "ann"), "u1");
            orders.feed(new Values(10, 1, 7), "o10");
            cluster.waitForIdle();
            clock.advanceMillis(10_000);
            // Stamped at 0: in the windows ending at 999, 1999 and 2999; gone from the one at 3999.
            assertThat(sink.received()).extracting(Received::values).containsExactly(List.of(1, 10), List.of(1, 10),
                    List.of(1, 10));
            assertThat(users.getAcked()).containsExactly("u1");
        }
    }
}
