package dev.gale.storm.bridge.connectors.jdbc;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.storm.jdbc.bolt.JdbcInsertBolt;
import org.apache.storm.jdbc.common.Column;
import org.apache.storm.jdbc.common.HikariCPConnectionProvider;
import org.apache.storm.jdbc.mapper.SimpleJdbcMapper;

/**
 * The child JVM of {@link StormJdbcKillTest}: a {@code LedgerSpout} feeding Storm's
 * {@code JdbcInsertBolt} through the bridge into the {@code ledger} table, run in a
 * {@link LocalCluster} until the test kills the process. Arguments: the ledger directory, the
 * number of ids, the JDBC URL.
 */
public final class JdbcKillChild {
    private JdbcKillChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int total = Integer.parseInt(args[1]);
        HashMap<String, Object> hikari = new HashMap<>();
        hikari.put("jdbcUrl", args[2]);
        hikari.put("maximumPoolSize", 2);
        // A replayed id may already have its row (written, then killed before the ack reached the
        // ledger): the insert then does nothing, which makes the sink idempotent.
        JdbcInsertBolt insert = new JdbcInsertBolt(new HikariCPConnectionProvider(hikari),
                new SimpleJdbcMapper(List.of(new Column<>("id", Types.BIGINT), new Column<>("value", Types.VARCHAR))))
                .withInsertQuery("INSERT INTO ledger (id, value) VALUES (?, ?) ON CONFLICT DO NOTHING")
                .withQueryTimeoutSecs(10);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(dir, total));
        builder.setBolt("sink", StormBolts.of(insert), 2).shuffleGrouping("ledger");
        Config conf = new Config();
        conf.setMaxSpoutPending(200);
        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("jdbc-kill", conf, builder.createTopology());
        System.out.println("running");
        new CountDownLatch(1).await();
    }
}
