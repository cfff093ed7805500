package org.fiberbench.orderbook.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram in a fork's JSON result: HdrHistogram's own compressed encoding in Base64, so every
 * recorded value crosses the fork boundary and the parent's percentiles are the fork's.
 */
final class HistogramJson {
    private HistogramJson() {
    }

    static String encode(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(b.array(), n));
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalStateException("fork sent a corrupt histogram", e);
        }
    }

    static final class Writer extends StdSerializer<Histogram> {
        Writer() {
            super(Histogram.class);
        }

        @Override
        public void serialize(Histogram h, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeString(encode(h));
        }
    }

    static final class Reader extends StdDeserializer<Histogram> {
        Reader() {
            super(Histogram.class);
        }

        @Override
        public Histogram deserialize(JsonParser in, DeserializationContext context) throws IOException {
            return decode(in.getValueAsString());
        }
    }
}
