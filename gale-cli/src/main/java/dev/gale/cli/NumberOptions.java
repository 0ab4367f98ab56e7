package dev.gale.cli;

import java.math.BigDecimal;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converters for numeric options that refuse a value out of range while the command line is
 * parsed, so a bad value is one usage line (exit 2) and never reaches arithmetic that would
 * overflow (a 1e10-second run once became a 0.1-second one). Stateless.
 */
final class NumberOptions {
    /** Shortest duration: the command sleeps in milliseconds. */
    static final double MIN_SECONDS = 0.001;
    /** Longest duration, about 31 years: far below the 292 years a long of nanoseconds holds. */
    static final double MAX_SECONDS = 1e9;

    private NumberOptions() {
    }

    /** A duration in seconds, from {@value #MIN_SECONDS} to 1000000000. */
    static final class Seconds implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double s;
            try {
                s = Double.parseDouble(value.strip());
            } catch (NumberFormatException e) {
                throw outOfRange(value);
            }
            if (!(s >= MIN_SECONDS && s <= MAX_SECONDS)) { // also refuses NaN
                throw outOfRange(value);
            }
            return s;
        }

        private static TypeConversionException outOfRange(String value) {
            return new TypeConversionException("'" + value + "' is not a number of seconds from "
                    + plain(MIN_SECONDS) + " to " + plain(MAX_SECONDS));
        }
    }

    /** A whole number from 1 to {@link Integer#MAX_VALUE}. */
    static final class Positive implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return wholeNumber(value, 1);
        }
    }

    /** A whole number from 0 to {@link Integer#MAX_VALUE}. */
    static final class NonNegative implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return wholeNumber(value, 0);
        }
    }

    private static int wholeNumber(String value, int min) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // out of int range or not a number: the same message
        }
        throw new TypeConversionException("'" + value + "' is not a whole number from " + min + " to "
                + Integer.MAX_VALUE);
    }

    /** 1e9 -> "1000000000", 0.001 -> "0.001". */
    static String plain(double d) {
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }
}
