package dev.gale.storm.bridge.connectors.redis;

import org.apache.storm.redis.common.mapper.RedisDataTypeDescription;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription.RedisDataType;
import org.apache.storm.redis.common.mapper.RedisStoreMapper;
import org.apache.storm.tuple.ITuple;

/**
 * Tells storm-redis's {@code RedisStoreBolt} where a LedgerSpout tuple ("id", "value") goes: the
 * key is {@code keyPrefix + id} (the field, for HASH, with {@code additionalKey} as the hash), the
 * value the tuple's "value". Ids that are multiples of {@code divertEvery} (0: none) go to the key
 * {@code diverted} instead, so that a test can make only those fail. Immutable, so thread-safe.
 */
final class LedgerStoreMapper implements RedisStoreMapper {
    private static final long serialVersionUID = 1L;

    private final RedisDataType dataType;
    private final String additionalKey;
    private final String keyPrefix;
    private final int divertEvery;
    private final String diverted;

    private LedgerStoreMapper(RedisDataType dataType, String additionalKey, String keyPrefix, int divertEvery,
                              String diverted) {
        this.dataType = dataType;
        this.additionalKey = additionalKey;
        this.keyPrefix = keyPrefix;
        this.divertEvery = divertEvery;
        this.diverted = diverted;
    }

    /** Each id becomes field {@code id} of the hash {@code hash}. */
    static LedgerStoreMapper hash(String hash) {
        return new LedgerStoreMapper(RedisDataType.HASH, hash, "", 0, null);
    }

    /** Each id becomes its own key, {@code keyPrefix + id}, of {@code dataType} (STRING, LIST, SET, ...). */
    static LedgerStoreMapper keys(RedisDataType dataType, String keyPrefix) {
        return new LedgerStoreMapper(dataType, null, keyPrefix, 0, null);
    }

    /** The same mapper, except that every {@code every}-th id (0, every, 2 every, ...) is written to {@code key}. */
    LedgerStoreMapper divertingEvery(int every, String key) {
        return new LedgerStoreMapper(dataType, additionalKey, keyPrefix, every, key);
    }

    @Override
    public RedisDataTypeDescription getDataTypeDescription() {
        return new RedisDataTypeDescription(dataType, additionalKey);
    }

    @Override
    public String getKeyFromTuple(ITuple tuple) {
        long id = tuple.getLongByField("id");
        return divertEvery > 0 && id % divertEvery == 0 ? diverted : keyPrefix + id;
    }

    @Override
    public String getValueFromTuple(ITuple tuple) {
        return tuple.getStringByField("value");
    }
}
