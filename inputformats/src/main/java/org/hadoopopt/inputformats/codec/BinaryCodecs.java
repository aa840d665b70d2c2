package org.hadoopopt.inputformats.codec;

import java.util.Locale;

/** Looks codecs up by the name files and configuration use: writable, protobuf, tuple, or a class name. */
public final class BinaryCodecs {
  private BinaryCodecs() {}

  public static BinaryCodec forName(String name) {
    String n = name.trim();
    switch (n.toLowerCase(Locale.ROOT)) {
      case WritableCodec.NAME:
        return new WritableCodec();
      case ProtobufCodec.NAME:
        return new ProtobufCodec();
      case TupleCodec.NAME:
        return new TupleCodec();
      default:
        try {
          // Not initialized before it is known to be a codec: the name may come from a file's header.
          Class<?> c = Class.forName(n, false, BinaryCodecs.class.getClassLoader());
          return c.asSubclass(BinaryCodec.class).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
          throw new IllegalArgumentException("unknown record codec '" + name
              + "': expected writable, protobuf, tuple or a BinaryCodec class name", e);
        }
    }
  }
}
