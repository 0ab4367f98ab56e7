package dev.gale.tuple;

import java.util.List;

/**
 * Read access to the values of a tuple, by position or by field name.
 *
 * <p>Getters throw {@link ClassCastException} when the value has another type, and
 * {@link IllegalArgumentException} for an unknown field name. The typed getters are defaults over
 * {@link #getValue} and {@link #fieldIndex} (a Gale addition: Storm's are abstract), so an
 * implementation needs only those; it may still override them.
 */
public interface ITuple {

    int size();

    boolean contains(String field);

    Fields getFields();

    int fieldIndex(String field);

    List<Object> select(Fields selector);

    Object getValue(int i);

    default String getString(int i) {
        return (String) getValue(i);
    }

    default Integer getInteger(int i) {
        return (Integer) getValue(i);
    }

    default Long getLong(int i) {
        return (Long) getValue(i);
    }

    default Boolean getBoolean(int i) {
        return (Boolean) getValue(i);
    }

    default Short getShort(int i) {
        return (Short) getValue(i);
    }

    default Byte getByte(int i) {
        return (Byte) getValue(i);
    }

    default Double getDouble(int i) {
        return (Double) getValue(i);
    }

    default Float getFloat(int i) {
        return (Float) getValue(i);
    }

    default byte[] getBinary(int i) {
        return (byte[]) getValue(i);
    }

    default Object getValueByField(String field) {
        return getValue(fieldIndex(field));
    }

    default String getStringByField(String field) {
        return (String) getValueByField(field);
    }

    default Integer getIntegerByField(String field) {
        return (Integer) getValueByField(field);
    }

    default Long getLongByField(String field) {
        return (Long) getValueByField(field);
    }

    default Boolean getBooleanByField(String field) {
        return (Boolean) getValueByField(field);
    }

    default Short getShortByField(String field) {
        return (Short) getValueByField(field);
    }

    default Byte getByteByField(String field) {
        return (Byte) getValueByField(field);
    }

    default Double getDoubleByField(String field) {
        return (Double) getValueByField(field);
    }

    default Float getFloatByField(String field) {
        return (Float) getValueByField(field);
    }

    default byte[] getBinaryByField(String field) {
        return (byte[]) getValueByField(field);
    }

    /** The values, unmodifiable. */
    List<Object> getValues();
}
