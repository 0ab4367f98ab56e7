package dev.gale.flux.wrappers.bolts;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs every tuple it receives at INFO and emits nothing: the sink of Flux's examples. Each task
 * has its own instance, confined to its executor's thread.
 */
public class LogInfoBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LogInfoBolt.class);

    @Override
    public void execute(Tuple tuple, BasicOutputCollector collector) {
        LOG.info("{}", tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
